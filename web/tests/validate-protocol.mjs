// Checks every message the server tests received (tests/server/protocol_log.hpp: one {"channel", "message"} JSON
// line each) against the protocol's JSON Schema. Run by ctest as ProtocolSchema after the server tests.
// Usage: node web/tests/validate-protocol.mjs LOG...   Prints "protocol: N messages checked, M invalid".
import fs from 'node:fs';

let checker;
try {
  checker = (await import('./protocol.mjs')).protocolChecker();
} catch (e) {
  console.error(`protocol: cannot load the schema or ajv (run npm ci in web/): ${e.message}`);
  process.exit(1);
}
const counts = new Map();
const bad = [];
let n = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { channel, message } = JSON.parse(line);
    ++n;
    counts.set(channel, (counts.get(channel) ?? 0) + 1);
    const why = checker(channel, message);
    if (why) bad.push(why);
  }
}
const distinct = [...new Set(bad)];
for (const why of distinct.slice(0, 20)) console.log(`  invalid: ${why}`);
console.log(`  by channel: ${[...counts].map(([c, k]) => `${c} ${k}`).join(', ')}`);
console.log(`protocol: ${n} messages checked, ${bad.length} invalid`);
process.exit(bad.length ? 1 : 0);
