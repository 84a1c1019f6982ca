// Worker entry: the server runs TypeScript sources through tsx, so register it in this thread first.
import { register } from 'tsx/esm/api';

register();
const { convertInWorker } = await import('./conversion-worker.ts');
export default convertInWorker;
