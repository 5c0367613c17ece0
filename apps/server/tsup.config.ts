import { appBuild } from '../../tools/tsup-app.js';

export default appBuild(['src/main.ts'], { bundleDependencies: true });
