import { describeCorpusQuality } from './corpus-quality-suite';

describeCorpusQuality(1, 2);
