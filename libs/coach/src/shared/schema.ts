/** Typebox building blocks for the coach's output schemas (the house pattern of libs/domain). */
import Type, { type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
export const Money = (description: string) => Type.Number({ description });
export const Percent = (description: string) => Type.Number({ description });
export const Probability = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
export const Day = (description: string) => Type.String({ format: 'date', description });
export const Timestamp = (description: string) => Type.String({ description });
