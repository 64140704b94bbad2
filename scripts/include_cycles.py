#!/usr/bin/env python3
"""Fails when the C++ files of src/ include each other in a circle.

The graph is of components: a header and the .cpp of the same stem are one
node (core/position.h and core/position.cpp), and so is a private header
named <stem>_impl.h, the insides that <stem>.cpp and its helpers share
(hidden_search/view_search_impl.h holds ViewSearch::Impl). An edge is an
#include "..." of a file under src/. Every strongly connected component of
more than one node is a loop: printed, and the exit status is 1.

Run from anywhere: python3 scripts/include_cycles.py [SRC_FOLDER]
"""
import os
import re
import sys

ROOT = (
    sys.argv[1]
    if len(sys.argv) > 1
    else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def component(path):
    stem = os.path.splitext(path)[0]
    return stem[: -len("_impl")] if stem.endswith("_impl") else stem


def graph():
    edges = {}
    for folder, _, files in os.walk(ROOT):
        for name in files:
            if not name.endswith((".h", ".cpp")):
                continue
            full = os.path.join(folder, name)
            node = component(os.path.relpath(full, ROOT))
            edges.setdefault(node, set())
            with open(full, errors="ignore") as f:
                text = f.read()
            for included in INCLUDE.findall(text):
                if os.path.exists(os.path.join(ROOT, included)):
                    other = component(included)
                    if other != node:
                        edges[node].add(other)
    return edges


def loops(edges):
    """Tarjan's strongly connected components, iteratively: no recursion limit."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(sorted(members))
    return sorted(found)


def main():
    edges = graph()
    found = loops(edges)
    count = sum(len(v) for v in edges.values())
    print(f"include graph of src/: {len(edges)} components, {count} edges, {len(found)} loops")
    for members in found:
        print("  loop: " + " <-> ".join(members))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
