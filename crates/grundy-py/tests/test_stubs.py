"""The type stubs describe exactly what the module has, and every public
name has a docstring."""

import ast
import inspect
import pathlib

import grundy

STUB = pathlib.Path(grundy.__file__).with_name("_grundy.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    top, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            top.add(node.name)
            classes[node.name] = {n.name for n in node.body if isinstance(n, ast.FunctionDef)} | {
                n.target.id for n in node.body if isinstance(n, ast.AnnAssign)
            }
        elif isinstance(node, ast.FunctionDef):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
    return top, classes


def test_every_public_name_is_in_the_stubs_and_documented():
    top, classes = stub_names()
    for name in grundy.__all__:
        assert name in top, f"{name} is missing from {STUB.name}"
        if name != "__version__":
            assert inspect.getdoc(getattr(grundy, name)), f"{name} has no docstring"


def test_every_public_method_is_in_the_stubs_and_no_more():
    _, classes = stub_names()
    for name in ["Nimber", "Game", "OctalResult", "Solver"]:
        runtime = {m for m in dir(getattr(grundy, name)) if not m.startswith("_")}
        stubbed = {m for m in classes[name] if not m.startswith("_")}
        assert runtime == stubbed, name
        for method in runtime:
            assert inspect.getdoc(getattr(getattr(grundy, name), method)), f"{name}.{method}"
