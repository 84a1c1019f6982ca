// Worker entry: the package ships TypeScript sources, so register tsx (the repo's loader) first.
import { register } from 'tsx/esm/api';

register();
const { analyseInWorker } = await import('./analysis-worker.ts');
export default analyseInWorker;
