import { atom } from 'jotai';
import type { Platform } from '../../shared/platform';
import { choosePlatform } from './choosePlatform';

/** The platform the renderer runs on; tests put a fake in the store instead. */
export const platformAtom = atom<Platform>(choosePlatform());
