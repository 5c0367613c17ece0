import { IsIn } from 'class-validator';
import { Doc } from '@propfolio/core';
import type { Language } from './user-view.js';

export const PROFILE_LANGUAGES = ['ja', 'en'] as const satisfies readonly Language[];

export class UpdateMeInput {
  @Doc({ description: 'Your language.', example: 'en' })
  @IsIn(PROFILE_LANGUAGES)
  language!: Language;
}
