#!/usr/bin/python3
"""Train the tiny character Transformer in PyTorch, as a peer to `attention-cli train`.

The same corpus, vocabulary, model, training and measures as docs/tiny-model.md,
written the way a PyTorch user would (nanoGPT's shape, autograd, torch.optim.AdamW), so that
our speed and our losses can be compared with an independent implementation. Prints JSON lines
in the shape of `attention-cli train --format json`: one per evaluation, then the summary.

Run it with Debian's torch and a fixed thread count, /usr/bin/python3 so that a python from
elsewhere on PATH does not bring another torch:

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 tests/bench/peer_torch_train.py --threads 2

With libopenblas0-pthread as the BLAS, OpenBLAS's own threads compete with PyTorch's and halve
its speed, so this script sets OPENBLAS_NUM_THREADS=1 (and OMP_NUM_THREADS to --threads) before
torch is imported unless they are already set.

    /usr/bin/python3 tests/bench/peer_torch_train.py --check-model M.safetensors --text 床前明月光

reads one of our weights files (safetensors, parsed here with struct and json only) and prints
the loss that `attention-cli eval` reports for that text, for an independent check of eval.
"""

import argparse
import json
import math
import os
import re
import resource
import struct
import sys
import time

PUNCTUATION = set("，。？！、；：")
ANSI_COLOUR = re.compile("\x1b\\[[0-9;]*m")
CORPORA = {
    "tang300": "/usr/share/games/fortunes/tang300",
    "song100": "/usr/share/games/fortunes/song100",
}
# 全唐诗 as the build converts it (scripts/make-tang-corpus.py): one poem a line.
TANG = os.environ.get("ATTENTION_LAB_TANG", os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "release", "share",
    "attention-lab", "corpora", "tang.txt"))


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--corpus", default="tang300",
        help="tang300 (default), song100, tang (全唐诗, from the release build) or a UTF-8 text file")
    add("--steps", type=int, default=1000, help="training steps (default 1000)")
    add("--batch", type=int, default=32, help="windows per step (default 32)")
    add("--context", type=int, default=32, help="characters the model sees (default 32)")
    add("--d-model", type=int, default=64, help="width of the model (default 64)")
    add("--heads", type=int, default=4, help="attention heads (default 4)")
    add("--layers", type=int, default=1, help="blocks (default 1)")
    add("--no-mlp", action="store_true", help="blocks without the MLP")
    add("--lr", type=float, default=1e-3, help="peak learning rate (default 1e-3)")
    add("--warmup", type=int, default=100, help="steps of linear warm-up (default 100)")
    add("--weight-decay", type=float, default=0.1, help="AdamW decay of matrices (default 0.1)")
    add("--seed", type=int, default=1, help="random seed (default 1)")
    add("--threads", type=int, default=2, help="PyTorch threads (default 2)")
    add("--eval-every", type=int, default=200, help="steps between evaluations (default 200)")
    add("--budget", type=float, default=0.0,
        help="stop after this many seconds of training (default 0: no limit)")
    add("--check-model", metavar="FILE", help="print the eval loss of this weights file")
    add("--text", help="the text of --check-model")
    args = parser.parse_args(argv)
    if args.check_model and args.text is None:
        parser.error("--check-model needs --text")
    for name in ("steps", "batch", "context", "d_model", "heads", "layers", "threads",
                 "eval_every"):
        if getattr(args, name) < 1:
            parser.error("--%s must be at least 1" % name.replace("_", "-"))
    if args.d_model % args.heads:
        parser.error("--d-model must be a multiple of --heads")
    return args


# --- corpus -----------------------------------------------------------------------------------

def fortune_documents(path):
    """Poems of a fortune file: entries split at lines holding only % (white space around it
    allowed), title and author dropped."""
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("\r\n", "\n").replace("\r", "\n")
    documents = []
    entry = []
    for line in text.split("\n") + ["%"]:
        if line.strip() == "%":
            # Lines are trimmed: tang300 has two lines of two spaces inside poems.
            body = [ANSI_COLOUR.sub("", l).strip() for l in entry[2:]]
            poem = "".join(body)
            if poem:
                documents.append(poem + "\n")
            entry = []
        else:
            entry.append(line)
    return documents


def text_documents(path):
    """A UTF-8 text file: each paragraph (between blank lines) one document."""
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("\r\n", "\n").replace("\r", "\n")
    documents, paragraph = [], []
    for line in text.split("\n") + [""]:
        if line.strip():
            paragraph.append(line)
        elif paragraph:
            documents.append("\n".join(paragraph) + "\n")
            paragraph = []
    return documents


def line_documents(path):
    """One document a line: 全唐诗 as the build converts it."""
    with open(path, encoding="utf-8") as f:
        text = f.read().replace("\r\n", "\n").replace("\r", "\n")
    return [line + "\n" for line in text.split("\n") if line]


def load_corpus(name, context):
    if name == "tang":
        documents = line_documents(TANG)
    else:
        path = CORPORA.get(name, name)
        documents = fortune_documents(path) if name in CORPORA else text_documents(path)
    if len(documents) >= 10:
        train = "".join(d for i, d in enumerate(documents) if i % 10 != 9)
        val = "".join(d for i, d in enumerate(documents) if i % 10 == 9)
    else:
        whole = "".join(documents)
        cut = max(len(whole) // 10, context + 1)
        train, val = whole[:-cut], whole[-cut:]
    counts = {}
    for c in train:
        counts[c] = counts.get(c, 0) + 1
    vocab = ["\ufffd"] + sorted((c for c, n in counts.items() if n >= 2), key=ord)
    return documents, train, val, vocab


def encode(text, vocab):
    index = {c: i for i, c in enumerate(vocab)}
    index.pop("\ufffd", None)  # U+FFFD in a text is an unknown character like any other
    index_get = index.get
    return [index_get(c, 0) for c in text]


def unigram_val_loss(train_ids, val_ids, vocab_size):
    counts = [0] * vocab_size
    for i in train_ids:
        counts[i] += 1
    denominator = len(train_ids) + vocab_size
    return -sum(math.log((counts[i] + 1) / denominator) for i in val_ids) / len(val_ids)


# --- model ------------------------------------------------------------------------------------

def build_model(torch, vocab_size, context, d_model, heads, layers, mlp):
    nn, F = torch.nn, torch.nn.functional

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(d_model, eps=1e-5)
            self.w_q = nn.Parameter(torch.empty(d_model, d_model))
            self.w_k = nn.Parameter(torch.empty(d_model, d_model))
            self.w_v = nn.Parameter(torch.empty(d_model, d_model))
            self.w_o = nn.Parameter(torch.empty(d_model, d_model))
            if mlp:
                self.ln2 = nn.LayerNorm(d_model, eps=1e-5)
                self.w_in = nn.Parameter(torch.empty(d_model, 4 * d_model))
                self.w_out = nn.Parameter(torch.empty(4 * d_model, d_model))

        def forward(self, x, keep_weights=None):
            B, T, D = x.shape
            a = self.ln1(x)
            split = lambda m: m.view(B, T, heads, D // heads).transpose(1, 2)  # (B, H, T, dh)
            q, k, v = split(a @ self.w_q), split(a @ self.w_k), split(a @ self.w_v)
            scores = q @ k.transpose(-2, -1) / math.sqrt(D // heads)  # (B, H, T, T)
            mask = torch.ones(T, T, dtype=torch.bool).tril()
            weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)
            if keep_weights is not None:
                keep_weights.append(weights)
            out = (weights @ v).transpose(1, 2).reshape(B, T, D)
            x = x + out @ self.w_o
            if mlp:
                x = x + F.gelu(self.ln2(x) @ self.w_in, approximate="tanh") @ self.w_out
            return x

    class Tiny(nn.Module):
        def __init__(self):
            super().__init__()
            self.tok_emb = nn.Parameter(torch.empty(vocab_size, d_model))
            self.pos_emb = nn.Parameter(torch.empty(context, d_model))
            self.blocks = nn.ModuleList(Block() for _ in range(layers))
            self.ln_f = nn.LayerNorm(d_model, eps=1e-5)
            for name, p in self.named_parameters():
                if p.dim() == 2:
                    residual = name.endswith("w_o") or name.endswith("w_out")
                    std = 0.02 / math.sqrt(2 * layers) if residual else 0.02
                    nn.init.normal_(p, 0.0, std)

        def forward(self, ids, targets=None, keep_weights=None):
            T = ids.shape[1]
            x = self.tok_emb[ids] + self.pos_emb[:T]
            for block in self.blocks:
                x = block(x, keep_weights)
            logits = self.ln_f(x) @ self.tok_emb.t()  # (B, T, V), tied output
            if targets is None:
                return logits, None
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
            return logits, loss

    return Tiny()


def file_names(model):
    """Our file's tensor names for the model's parameters (nn.LayerNorm: weight = gain)."""
    names = {}
    for name, p in model.named_parameters():
        n = name.replace(".weight", ".gain")
        n = re.sub(r"^blocks\.(\d+)\.(w_[qkvo])$", r"blocks.\1.attn.\2", n)
        n = re.sub(r"^blocks\.(\d+)\.(w_in|w_out)$", r"blocks.\1.mlp.\2", n)
        names[n] = p
    return names


# --- training ---------------------------------------------------------------------------------

def learning_rate(step, args):
    """Linear warm-up to lr, then cosine decay from lr at step `warmup` to lr/10 at the last step,
    steps − 1 (step counts from 0), as core/tiny/trainer.h."""
    if step < args.warmup:
        return args.lr * (step + 1) / args.warmup
    span = args.steps - 1 - args.warmup
    progress = min(1.0, (step - args.warmup) / span) if span > 0 else 1.0
    return args.lr / 10 + (args.lr - args.lr / 10) * 0.5 * (1 + math.cos(math.pi * progress))


def evaluate(torch, model, val_ids, context):
    """val_loss and punctuation_f1 over the ⌊(M − 1)/C⌋ whole windows of the validation ids."""
    n = (len(val_ids) - 1) // context
    data = torch.tensor(val_ids[: n * context + 1], dtype=torch.long)
    inputs = data[:-1].view(n, context)
    targets = data[1:].view(n, context)
    punctuation_ids = torch.tensor(sorted(model.punctuation_ids), dtype=torch.long)
    total, tp, fp, fn = 0.0, 0, 0, 0
    with torch.no_grad():
        for start in range(0, n, 256):
            logits, _ = model(inputs[start:start + 256])
            y = targets[start:start + 256]
            total += torch.nn.functional.cross_entropy(
                logits.reshape(-1, logits.shape[-1]), y.reshape(-1), reduction="sum").item()
            predicted = torch.isin(logits.argmax(-1), punctuation_ids)
            actual = torch.isin(y, punctuation_ids)
            tp += int((predicted & actual).sum())
            fp += int((predicted & ~actual).sum())
            fn += int((~predicted & actual).sum())
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return total / (n * context), f1


def peak_memory_bytes():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def train(torch, args):
    documents, train_text, val_text, vocab = load_corpus(args.corpus, args.context)
    train_ids, val_ids = encode(train_text, vocab), encode(val_text, vocab)
    if len(train_ids) < args.context + 1 or len(val_ids) < args.context + 1:
        sys.exit("peer: the corpus is too short for --context %d" % args.context)
    torch.manual_seed(args.seed)
    model = build_model(torch, len(vocab), args.context, args.d_model, args.heads, args.layers,
                        not args.no_mlp)
    model.punctuation_ids = {i for i, c in enumerate(vocab) if c in PUNCTUATION}
    decay = [p for p in model.parameters() if p.dim() == 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    optimizer = torch.optim.AdamW(
        [{"params": decay, "weight_decay": args.weight_decay},
         {"params": no_decay, "weight_decay": 0.0}],
        lr=args.lr, betas=(0.9, 0.99), eps=1e-8)
    data = torch.tensor(train_ids, dtype=torch.long)
    offsets = torch.arange(args.context + 1)
    generator = torch.Generator().manual_seed(args.seed)
    config = {"vocab_size": len(vocab), "context": args.context, "d_model": args.d_model,
              "heads": args.heads, "layers": args.layers, "mlp": not args.no_mlp}
    best_val, best_step, val_loss, f1, train_loss = math.inf, 0, math.inf, 0.0, math.nan
    start = last_time = time.perf_counter()
    last_step, step, recent = 0, 0, []
    while step < args.steps:
        starts = torch.randint(0, len(train_ids) - args.context, (args.batch,),
                               generator=generator)
        windows = data[starts[:, None] + offsets]  # (B, C + 1)
        for group in optimizer.param_groups:
            group["lr"] = learning_rate(step, args)
        _, loss = model(windows[:, :-1], windows[:, 1:])
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        step += 1
        recent.append(loss.item())
        out_of_time = args.budget > 0 and time.perf_counter() - start >= args.budget
        if step % args.eval_every == 0 or step == args.steps or out_of_time:
            now = time.perf_counter()
            rate = (step - last_step) / (now - last_time)
            train_loss = sum(recent) / len(recent)
            val_loss, f1_now = evaluate(torch, model, val_ids, args.context)
            if val_loss < best_val:
                best_val, best_step, f1 = val_loss, step, f1_now
            print(json.dumps({"step": step, "train_loss": train_loss, "val_loss": val_loss,
                              "steps_per_second": rate}), flush=True)
            recent = []
            last_time, last_step = time.perf_counter(), step  # evaluation is not training time
            start += last_time - now
        if out_of_time:
            break
    seconds = time.perf_counter() - start
    params = sum(p.numel() for p in model.parameters())
    print(json.dumps({
        "config": config, "batch": args.batch, "lr": args.lr, "threads": args.threads,
        "steps": step, "seconds": seconds, "steps_per_second": step / seconds, "params": params,
        "train_loss": train_loss, "val_loss": val_loss, "best_val_loss": best_val,
        "best_step": best_step,
        "unigram_val_loss": unigram_val_loss(train_ids, val_ids, len(vocab)),
        "punctuation_f1": f1, "peak_memory_bytes": peak_memory_bytes(),
        "torch": torch.__version__}), flush=True)


# --- checking one of our weights files --------------------------------------------------------

def read_safetensors(path):
    """(metadata, {name: (shape, list of float)}) of a safetensors file of float32 tensors."""
    with open(path, "rb") as f:
        blob = f.read()
    (header_size,) = struct.unpack_from("<Q", blob, 0)
    header = json.loads(blob[8:8 + header_size].decode("utf-8"))
    data = blob[8 + header_size:]
    metadata = header.pop("__metadata__", {})
    tensors = {}
    for name, entry in header.items():
        if entry["dtype"] != "F32":
            sys.exit("peer: %s: tensor %s is %s, not F32" % (path, name, entry["dtype"]))
        begin, end = entry["data_offsets"]
        count = (end - begin) // 4
        tensors[name] = (entry["shape"], struct.unpack_from("<%df" % count, data, begin))
    return metadata, tensors


def check_model(torch, args):
    metadata, tensors = read_safetensors(args.check_model)
    config = json.loads(metadata["config"])
    vocab = json.loads(metadata["vocab"])
    model = build_model(torch, config["vocab_size"], config["context"], config["d_model"],
                        config["heads"], config["layers"], config["mlp"])
    names = file_names(model)
    if set(names) != set(tensors):
        sys.exit("peer: tensors differ: missing %s, extra %s"
                 % (sorted(set(names) - set(tensors)), sorted(set(tensors) - set(names))))
    with torch.no_grad():
        for name, p in names.items():
            shape, values = tensors[name]
            p.copy_(torch.tensor(values, dtype=torch.float32).view(shape))
        model.double()  # eval prints float64; compute in double for a sharp comparison
        ids = encode(args.text, vocab)
        if not 2 <= len(ids) <= config["context"]:
            sys.exit("peer: --text needs 2 to %d characters" % config["context"])
        x = torch.tensor([ids[:-1] + ids[-1:]], dtype=torch.long)
        logits, _ = model(x)
        loss = torch.nn.functional.cross_entropy(logits[0, :-1], x[0, 1:]).item()
    print(json.dumps({"model": args.check_model, "text": args.text, "ids": ids,
                      "loss": loss}, ensure_ascii=False))


def main(argv):
    args = parse_args(argv)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", str(args.threads))
    import torch  # after the environment: BLAS and OpenMP read it when they load

    torch.set_num_threads(args.threads)
    if args.check_model:
        check_model(torch, args)
    else:
        train(torch, args)


if __name__ == "__main__":
    main(sys.argv[1:])
