import Type, { type Static } from 'typebox';
import { PROFILE_LANGUAGES } from './users.inputs.js';

export const MeSchema = Type.Object({
  name: Type.String({ description: 'Your display name.' }),
  language: Type.Enum([...PROFILE_LANGUAGES], { description: 'The language alerts and the dashboard use.' }),
});
export type MeView = Static<typeof MeSchema>;
