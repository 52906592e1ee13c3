// What the site benchmarks share: starting a server and reading its address.
import { spawn } from "node:child_process";

/** Starts `command args` and resolves, once its output matches `pattern`, to the child and `url(match)`. */
export function start(command, args, pattern, url) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let text = "";
    const read = (chunk) => {
      text += chunk;
      const match = text.match(pattern);
      if (match) resolve({ child, url: url(match) });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", () => {});
    child.on("exit", (code) => reject(new Error(`${command} exited with ${code}`)));
  });
}
