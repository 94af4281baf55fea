"""Trains the outcome model (run it through shell/train-outcome-model).

Reads every Tests/PromptLogTests/Fixtures/outcomes/phrasings*.tsv (text<TAB>verdict<TAB>turns,
`#` comments, `\\n` for a wrapped line), fits a logistic regression over word features, keeps the
strongest features, fits again on those alone (so that the model written is one that was
trained, not a trained one cut short: dropping the weaker features without refitting moved
hundreds of sure readings whenever a single row was added), and writes:

- Sources/CSupport/outcomemodel.c: the model as C arrays, read by OutcomeModel.swift;
- Tests/PromptLogTests/Fixtures/outcomes/model-parity.tsv: texts with the probabilities this
  script computes from the written (quantized) model, which the Swift reader must reproduce.

The features are defined here and in OutcomeModel.swift, byte for byte: ASCII letters lower-cased,
curly apostrophes read as `'`; a word is a run of ASCII letters, digits, `'` and bytes >= 0x80,
with `'` stripped at its ends; the features of a bullet are each word (`w:`), each pair of
neighbouring words (`b:`), the first word (`s:`) and the last (`e:`), each hashed with 32-bit
FNV-1a, counted once, each worth 1/sqrt(number of distinct features).
"""
import glob
import math
import os
import sys

import numpy as np
from scipy.sparse import csr_matrix
from sklearn.linear_model import LogisticRegression

FIXTURES = "Tests/PromptLogTests/Fixtures/outcomes"
OUTPUT = "Sources/CSupport/outcomemodel.c"
PARITY = os.path.join(FIXTURES, "model-parity.tsv")
# The order of the classes in the weights; OutcomeModel.swift reads them in this order.
CLASSES = ["hit", "partial", "miss", "unclassified"]
# Inverse regularization strength, and how many features are kept (by their largest weight).
C = 30.0
KEEP = 6000
# How much a row of phrasings-pinned.tsv counts against one of the other files: those rows say
# how the rules read negation and order, and the model must not be sure of another verdict there.
PINNED_WEIGHT = 5.0


def words(text: bytes):
    text = text.replace("\u2019".encode(), b"'").replace("\u2018".encode(), b"'")
    out, cur = [], bytearray()
    for c in text:
        if 65 <= c <= 90:
            c += 32
        if 48 <= c <= 57 or 97 <= c <= 122 or c == 39 or c >= 0x80:
            cur.append(c)
        elif cur:
            out.append(bytes(cur))
            cur = bytearray()
    if cur:
        out.append(bytes(cur))
    return [w for w in (w.strip(b"'") for w in out) if w]


def fnv1a(data: bytes) -> int:
    h = 0x811C9DC5
    for c in data:
        h = ((h ^ c) * 0x01000193) & 0xFFFFFFFF
    return h


def features(text: bytes):
    ws = words(text)
    keys = {fnv1a(b"w:" + w) for w in ws}
    keys |= {fnv1a(b"b:" + a + b" " + b) for a, b in zip(ws, ws[1:])}
    if ws:
        keys.add(fnv1a(b"s:" + ws[0]))
        keys.add(fnv1a(b"e:" + ws[-1]))
    return keys


def escape(text: bytes) -> str:
    out = []
    for ch in text.decode("utf-8", "surrogateescape"):
        if 0xDC80 <= ord(ch) <= 0xDCFF:
            out.append(f"\\x{ord(ch) - 0xDC00:02x}")
        else:
            out.append({"\\": "\\\\", "\n": "\\n", "\t": "\\t"}.get(ch, ch))
    return "".join(out)


def read_rows():
    files = sorted(glob.glob(os.path.join(FIXTURES, "phrasings*.tsv")),
                   key=lambda p: (len(p), p))
    rows = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f.read().split("\n"), 1):
                if not line or line.startswith("#"):
                    continue
                text, verdict, _ = line.split("\t")
                if verdict not in CLASSES:
                    sys.exit(f"{path}:{n}: unknown verdict {verdict!r}")
                weight = PINNED_WEIGHT if os.path.basename(path) == "phrasings-pinned.tsv" else 1.0
                rows.append((text.replace("\\n", "\n").encode(), verdict, weight))
    return files, rows


def main():
    files, rows = read_rows()
    feats = [features(t) for t, _, _ in rows]
    y = [verdict for _, verdict, _ in rows]
    sample_weights = [weight for _, _, weight in rows]

    def fit(column):
        """Fits on the features in `column` (key -> column); returns weights (classes x columns) and bias."""
        r, c, v = [], [], []
        for i, f in enumerate(feats):
            for k in f:
                if k in column:
                    r.append(i)
                    c.append(column[k])
                    v.append(1 / math.sqrt(len(f)))  # every feature counts, kept or not, as the reader does
        x = csr_matrix((v, (r, c)), shape=(len(rows), len(column)))
        model = LogisticRegression(C=C, max_iter=20000).fit(x, y, sample_weight=sample_weights)
        order = [list(model.classes_).index(k) for k in CLASSES]
        return model.coef_[order], model.intercept_[order]

    seen = sorted(set().union(*feats))
    weights, _ = fit({k: i for i, k in enumerate(seen)})
    strength = np.abs(weights).max(axis=0)
    kept_keys = sorted(seen[j] for j in np.argsort(-strength, kind="stable")[:KEEP])  # by key, for a binary search
    weights, bias = fit({k: i for i, k in enumerate(kept_keys)})
    keys = np.array(kept_keys, dtype=np.uint64)
    kept = range(len(kept_keys))
    scale = float(np.abs(weights).max()) / 127
    q = np.rint(weights / scale).astype(np.int64)

    table = {int(keys[j]): q[:, j] for j in kept}

    def probabilities(text: bytes):
        f = features(text)
        value = 1 / math.sqrt(len(f)) if f else 0.0
        sums = np.zeros(len(CLASSES), dtype=np.int64)
        for k in f:
            if k in table:
                sums += table[k]
        z = np.array([float(np.float32(b)) for b in bias]) + scale * value * sums
        e = np.exp(z - z.max())
        return e / e.sum()

    right = sum(CLASSES[int(np.argmax(probabilities(t)))] == verdict for t, verdict, _ in rows)
    counts = {k: y.count(k) for k in CLASSES}
    names = ", ".join(os.path.basename(p) for p in files)

    with open(OUTPUT, "w") as out:
        out.write("// Generated by shell/train-outcome-model: do not edit. See shell/outcome_model.py.\n")
        out.write(f"// Trained on {len(rows)} labelled bullets ({', '.join(f'{k} {n}' for k, n in counts.items())})\n")
        out.write(f"// from: {names}.\n")
        out.write(f"// Logistic regression, C={C}, phrasings-pinned.tsv rows weighted {PINNED_WEIGHT}; {len(seen)} features seen, the {len(kept)} strongest kept and fitted again;\n")
        out.write(f"// weights in steps of the scale. Reads {right} of the {len(rows)} training bullets as labelled.\n")
        out.write('#include "csupport.h"\n\n')
        out.write(f"const unsigned plog_outcome_model_size = {len(kept)};\n")
        out.write(f"const float plog_outcome_model_scale = {scale!r}f;\n")
        out.write("const float plog_outcome_model_bias[4] = {" + ", ".join(f"{float(np.float32(b))!r}f" for b in bias) + "};\n")
        out.write("static const uint32_t keys[] = {\n")
        for n in range(0, len(kept), 8):
            out.write("    " + ", ".join(f"0x{int(keys[j]):08x}" for j in kept[n:n + 8]) + ",\n")
        out.write("};\n")
        out.write("// hit, partial, miss, unclassified for each key.\n")
        out.write("static const int8_t weights[] = {\n")
        for n in range(0, len(kept), 4):
            out.write("    " + ",  ".join(",".join(str(int(w)) for w in q[:, m]) for m in range(n, min(n + 4, len(kept)))) + ",\n")
        out.write("};\n")
        out.write("const uint32_t *const plog_outcome_model_keys = keys;\n")
        out.write("const int8_t *const plog_outcome_model_weights = weights;\n")

    samples = [t for t, _, _ in rows[::15]] + [
        b"", b"???", "caf\u00e9 \u2019works\u2019 \u5b8c\u7483".encode(), b"Worked first try.",
        b"Failed after 3 turns: x", b"\xff\xfe broken \xc3", b"a" * 300,
    ]
    with open(PARITY, "w") as out:
        out.write("# Texts and the outcome model's probabilities (hit, partial, miss, unclassified), written by\n")
        out.write("# shell/train-outcome-model from the model it wrote; OutcomeModelTests checks the Swift reader\n")
        out.write("# gives the same. Text is escaped: \\n, \\t, \\\\ and \\xHH for bytes that are not UTF-8.\n")
        for t in samples:
            p = probabilities(t)
            esc = escape(t)
            out.write(esc + "\t" + "\t".join(f"{x:.9f}" for x in p) + "\n")

    print(f"{OUTPUT}: {len(kept)} features from {len(rows)} bullets; {right}/{len(rows)} training bullets read as labelled")


if __name__ == "__main__":
    main()
