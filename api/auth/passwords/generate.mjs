// Writes common.txt, the common-password list the server refuses, from the
// frequency-ordered list in the npm package @zxcvbn-ts/language-common
// (a devDependency, pinned in package.json). Run by `go generate ./api/auth/passwords`;
// the output is committed so the Go build needs no Node.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dictionary } from "@zxcvbn-ts/language-common";

const MIN_ENTRIES = 10000;

const seen = new Set();
for (const word of dictionary["passwords-common"]) {
  const w = String(word).trim().toLowerCase();
  if (w !== "" && !w.includes("\n")) seen.add(w);
}
if (seen.size < MIN_ENTRIES) {
  throw new Error(`only ${seen.size} common passwords found, want at least ${MIN_ENTRIES}`);
}
const out = fileURLToPath(new URL("common.txt", import.meta.url));
writeFileSync(out, [...seen].join("\n") + "\n");
console.log(`wrote ${seen.size} passwords to common.txt`);
