import { describeCorpusQuality } from './corpus-quality-suite';

describeCorpusQuality(0, 2);
