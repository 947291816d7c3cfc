"""A piped `companion shell` (a script's lines) given a command that runs until Ctrl-C (`track watch`,
`serve`): refused in one line each and skipped, the lines after it run and the shell ends at the end of
its input, exit 2 (the highest code a line had). In-process; the shell runs in a thread so that a shell
that never ends fails the test instead of hanging it."""
from __future__ import annotations

import threading


def test_a_long_running_command_in_a_piped_shell_is_skipped_and_the_script_ends(cli, home):
    from companion.cli import invoked_app

    assert cli("track", "new", "catopomp", "--players", "Ann,Ben", "--name", "pomp").exit_code == 0
    done = []
    script = "track watch\ntrack show\nserve --port 0\nrules define enforcer\n"
    runner = threading.Thread(target=lambda: done.append(cli.runner.invoke(invoked_app(["shell"]), ["shell"],
                                                                           input=script)), daemon=True)
    runner.start()
    runner.join(60)
    assert done, "the piped shell never ended"
    result = done[0]
    assert result.exit_code == 2, result.output
    said = result.stderr.splitlines()
    assert len(said) == 2 and "Traceback" not in result.output, said
    assert said[0].startswith("companion: error: track watch runs on its own") and "skipped" in said[0]
    assert said[1].startswith("companion: error: serve runs on its own") and "skipped" in said[1]
    assert "pomp (catopomp)" in result.stdout and "Enforcer" in result.stdout  # the lines after each ran
    assert "Serving" not in result.stdout
