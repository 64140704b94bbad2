"""The hand-written stubs (python/jungle/_jungle.pyi) name what the module has."""

import ast
import pathlib

import jungle
import jungle._jungle as native


def stub_names():
    path = pathlib.Path(native.__file__).with_name("_jungle.pyi")
    tree = ast.parse(path.read_text())
    names, members = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
            members[node.name] = {
                n.name for n in node.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("__")
            } | {n.name for n in node.body if isinstance(n, ast.FunctionDef) and n.name in ("__len__",)}
        elif isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    return names, members


def test_the_stubs_match_the_module():
    names, members = stub_names()
    public = {n for n in dir(native) if not n.startswith("_")}
    assert names == public
    for cls, expected in members.items():
        have = {n for n in dir(getattr(native, cls)) if not n.startswith("_")}
        assert expected - {"__len__"} == have, cls
    assert jungle.load_game is native.load_game
