// The playground's answers in the browser: grundy compiled to WebAssembly,
// run in this Web Worker so that a long computation never blocks the page.
// The page posts {id, method, path, body} as it would send them to
// `grundy serve`, and gets back {id, status, body}; to stop a computation
// it terminates this worker and starts another.
import init, { request } from "../pkg/grundy_wasm.js";

const ready = init();

self.onmessage = async (event) => {
  const { id, method, path, body } = event.data;
  try {
    await ready;
    const seed = 1 + Math.floor(Math.random() * 2 ** 31);
    const answer = request(method, path, body ?? "", seed);
    const reply = { id, status: answer.status, body: answer.body };
    answer.free();
    self.postMessage(reply);
  } catch (error) {
    // A trap (a panic aborts) leaves the module unusable: the page starts
    // a new worker on a 500 from here.
    self.postMessage({
      id,
      status: 500,
      body: JSON.stringify({ format: 2, kind: "internal", error: `the computation failed: ${error}` }),
    });
  }
};
