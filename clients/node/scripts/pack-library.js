'use strict';
// `npm pack` and a folder install (npm install --install-links) run this as "prepack":
// it writes library.lua, the function library composed from the repository's lua/, into
// the package. A checkout composes at run time and needs no file (lib/library.js).

const fs = require('node:fs');
const path = require('node:path');
const { compose } = require('../lib/composer');

const lua = path.join(__dirname, '..', '..', '..', 'lua');
if (!fs.existsSync(path.join(lua, 'common.lua'))) {
  process.stderr.write(`treelock: cannot compose the function library: no ${path.join(lua, 'common.lua')} `
    + '(pack the package from a checkout of the repository)\n');
  process.exit(1);
}
fs.writeFileSync(path.join(__dirname, '..', 'library.lua'), compose(lua));
