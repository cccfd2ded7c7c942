#!/usr/bin/env python3
"""Writes the seed corpus of fuzz_modelfile (modelfile-corpus/): tiny weights files in the
safetensors layout of docs/tiny-model.md, some valid and some broken in one way each.

Python's standard library only, independent of the C++ writer. Run it from anywhere:
    python3 tests/fuzz/make_modelfile_corpus.py
"""

import json
import math
import os
import struct

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "modelfile-corpus")


def layout(config):
    """(name, shape) of every tensor, in the spec's order."""
    d, tensors = config["d_model"], []
    tensors.append(("tok_emb", [config["vocab_size"], d]))
    tensors.append(("pos_emb", [config["context"], d]))
    for l in range(config["layers"]):
        b = "blocks.%d." % l
        tensors += [(b + "ln1.gain", [d]), (b + "ln1.bias", [d])]
        tensors += [(b + "attn." + w, [d, d]) for w in ("w_q", "w_k", "w_v", "w_o")]
        if config["mlp"]:
            tensors += [(b + "ln2.gain", [d]), (b + "ln2.bias", [d])]
            tensors += [(b + "mlp.w_in", [d, 4 * d]), (b + "mlp.w_out", [4 * d, d])]
    return tensors + [("ln_f.gain", [d]), ("ln_f.bias", [d])]


def model_file(config, vocab, value=lambda i: math.sin(i) * 0.02, edit=None):
    header = {"__metadata__": {
        "format": "attention-lab-model", "version": "1",
        "config": json.dumps(config, separators=(",", ":")),
        "vocab": json.dumps(vocab, ensure_ascii=False, separators=(",", ":")),
        "corpus": json.dumps({"name": "seed", "sha256": "0" * 64}, separators=(",", ":")),
        "steps": "10", "seed": "1", "val_loss": "1.5"}}
    data, count = b"", 0
    for name, shape in layout(config):
        n = math.prod(shape)
        header[name] = {"dtype": "F32", "shape": shape,
                        "data_offsets": [len(data), len(data) + 4 * n]}
        data += struct.pack("<%df" % n, *(value(count + i) for i in range(n)))
        count += n
    if edit:
        edit(header)
    text = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def main():
    os.makedirs(HERE, exist_ok=True)
    small = {"vocab_size": 2, "context": 1, "d_model": 2, "heads": 1, "layers": 1, "mlp": False}
    mlp = dict(small, vocab_size=3, context=2, heads=2, mlp=True)
    two = dict(small, layers=2)
    files = {
        "valid-small.safetensors": model_file(small, ["\ufffd", "a"]),
        "valid-mlp.safetensors": model_file(mlp, ["\ufffd", "\n", "床"]),
        "valid-two-blocks.safetensors": model_file(two, ["\ufffd", "。"]),
        "broken-nan.safetensors": model_file(small, ["\ufffd", "a"],
                                             value=lambda i: math.nan if i == 3 else 0.5),
        "broken-shape.safetensors": model_file(
            small, ["\ufffd", "a"], edit=lambda h: h["pos_emb"].update(shape=[2, 1])),
        "broken-offsets.safetensors": model_file(
            small, ["\ufffd", "a"], edit=lambda h: h["ln_f.bias"].update(data_offsets=[0, 8])),
        "broken-vocab.safetensors": model_file(small, ["a", "\ufffd"]),
        # A line break inside a key: the message must still be one line (found by the fuzzer).
        "broken-config-key.safetensors": model_file(
            small, ["\ufffd", "a"], edit=lambda h: h["__metadata__"].update(
                config=h["__metadata__"]["config"].replace('"layers"', '"\\nlayers"'))),
    }
    files["broken-truncated.safetensors"] = files["valid-small.safetensors"][:-6]
    for name, data in files.items():
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
