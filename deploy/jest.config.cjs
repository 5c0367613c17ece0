// The deployment files' checks (deploy/test/*.spec.ts) with the shared preset. The image itself is tested by
// deploy/test/image.sh (CI runs it; it needs root, buildah and mmdebstrap).
module.exports = require('../jest.preset.cjs');
