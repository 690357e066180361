import { describeRestFuzz } from './restFuzz.ts';

describeRestFuzz('postgres');
