import { appBuild } from '../../tools/tsup-app.js';

export default appBuild();
