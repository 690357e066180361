import { describeRestFuzz } from './restFuzz.ts';

describeRestFuzz('pglite');
