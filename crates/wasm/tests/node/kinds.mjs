// What the tests of the package share: checking the kind of a thrown error.
import assert from "node:assert/strict";

/** Asserts that `run` throws an Error of `kind`, whose message matches `message` if given. */
export function throwsKind(run, kind, message) {
  assert.throws(run, (error) => {
    assert.ok(error instanceof Error, `not an Error: ${error}`);
    assert.equal(error.kind, kind, error.message);
    if (message !== undefined) assert.match(error.message, message);
    return true;
  });
}
