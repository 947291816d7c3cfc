"""The mutation score of two games' rules modules, on a seeded sample of their mutants (issue 43 item 4).

    pip install cosmic-ray                                    # not a project dependency
    python benchmarks/mutation_sample.py [--sample 15] [--seed 43] [--only theseus]

Not a test, and not run in CI. The checkout is copied to a temporary folder (the tool rewrites the
module it mutates), cosmic-ray lists every mutant of each module (`cosmic-ray init`, `dump`), a
seeded sample of them is made one at a time (`cosmic-ray mutate-and-test`) and the module's tests
run against each (the game's engine tests that exercise the module: a full-suite run per mutant
would take hours on two cores). Prints, per module, the mutants listed, sampled, killed, survived,
the score (killed / sampled), and each survivor's diff: what the tests do not pin down.
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = Path(sys.executable).parent / "cosmic-ray"

#: module -> the tests run against each of its mutants
MODULES = {
    "engine/catharsis/rules_costs.py": ["tests/engine/test_catharsis_costs.py"],
    "engine/theseus/rules_scoring.py": ["tests/engine/test_theseus_engine.py", "tests/engine/test_theseus_scoring.py"],
}


def tests_command(tests: list[str], where: Path) -> str:
    there = [t for t in tests if (where / t).exists()]
    return f"{sys.executable} -m pytest -x -q -n 0 -p no:cacheprovider {' '.join(there)}"


def sample_module(module: str, tests: list[str], where: Path, size: int, rng: random.Random) -> dict:
    command = tests_command(tests, where)
    config = where / "cosmic-ray.toml"
    config.write_text(f'[cosmic-ray]\nmodule-path = "{module}"\ntimeout = 300.0\nexcluded-modules = []\n'
                      f'test-command = "{command}"\n\n[cosmic-ray.distributor]\nname = "local"\n', encoding="utf-8")
    session = where / "session.sqlite"
    session.unlink(missing_ok=True)
    subprocess.run([str(TOOL), "init", str(config), str(session)], cwd=where, check=True, capture_output=True)
    dumped = subprocess.run([str(TOOL), "dump", str(session)], cwd=where, check=True, capture_output=True, text=True)
    mutants = [json.loads(line)[0]["mutations"][0] for line in dumped.stdout.splitlines() if line.strip()]
    mutants.sort(key=lambda m: (m["operator_name"], m["occurrence"]))  # the listing's order is not stable
    chosen = rng.sample(mutants, min(size, len(mutants)))
    killed, survived = 0, []
    for m in chosen:
        done = subprocess.run([str(TOOL), "mutate-and-test", m["module_path"], m["operator_name"], str(m["occurrence"]),
                               command], cwd=where, capture_output=True, text=True)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        if result["test_outcome"] == "killed":
            killed += 1
        else:
            survived.append((m, result["test_outcome"], result.get("diff") or ""))
    return {"module": module, "listed": len(mutants), "sampled": len(chosen), "killed": killed, "survived": survived}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=15, help="mutants sampled per module (default 15)")
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--only", default="", help="a word the module paths must contain")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to copy (default: this one)")
    args = parser.parse_args()
    if not TOOL.exists():
        print(f"cosmic-ray is not installed beside {sys.executable}: pip install cosmic-ray", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp) / "checkout"
        shutil.copytree(args.root, where, ignore=shutil.ignore_patterns(".venv", ".git", "build", "*.egg-info", "__pycache__"))
        for module, tests in MODULES.items():
            if args.only and args.only not in module:
                continue
            found = sample_module(module, tests, where, args.sample, random.Random(f"{args.seed} {module}"))
            score = found["killed"] / found["sampled"] if found["sampled"] else 0.0
            print(f"{module}: {found['listed']} mutants, {found['sampled']} sampled, {found['killed']} killed, "
                  f"{len(found['survived'])} survived: score {score:.0%}", flush=True)
            for m, outcome, diff in found["survived"]:
                print(f"  {outcome}: {m['operator_name']} #{m['occurrence']} in {m['definition_name']} "
                      f"(line {m['start_pos'][0]})")
                print("    " + "\n    ".join(line for line in diff.splitlines() if line.startswith(("-", "+"))
                                             and not line.startswith(("---", "+++"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
