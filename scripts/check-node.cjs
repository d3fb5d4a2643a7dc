// Stops `npm install` (preinstall) and `npm start` at once, with one sentence, on a Node.js older
// than the project's dependencies support. Plain CommonJS in old syntax, so that the oldest Node
// still gets as far as printing it (the server's TypeScript needs type stripping, which Node 20
// does not have). Keep SUPPORTED in step with package.json's "engines".
'use strict';

// The oldest version of each line that every dependency accepts (several need 22.22 or 24.15;
// the odd lines 23 and 25 are not supported by vitest and jsdom).
var SUPPORTED = [
  { major: 22, minor: 22, patch: 2 },
  { major: 24, minor: 15, patch: 0 },
  { major: 26, minor: 0, patch: 0, andLater: true },
];

var parts = process.versions.node.split('.').map(Number);
var ok = SUPPORTED.some(function (line) {
  var sameLine = parts[0] === line.major || (line.andLater && parts[0] > line.major);
  if (!sameLine) return false;
  if (parts[0] > line.major) return true;
  if (parts[1] !== line.minor) return parts[1] > line.minor;
  return parts[2] >= line.patch;
});

if (!ok) {
  console.error(
    '\nCircuit Bazaar needs Node.js 24.15 or newer (or 22.22.2 or newer on Node 22), but this is Node.js ' +
      process.version +
      ': install Node.js 24 LTS (https://nodejs.org, or `nvm install 24` with nvm, which reads .nvmrc) and run the command again.\n',
  );
  process.exit(1);
}
