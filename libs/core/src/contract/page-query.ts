import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Doc } from './field-docs.js';
import { NumberFromQuery } from './validators.js';

/** The paging fields of public search contracts (private lists use larger pages: see libs/domain). */
export class CursorPageQuery {
  @Doc({ description: 'Page size.', default: 20 })
  @IsOptional()
  @NumberFromQuery()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number = 20;

  @Doc('nextCursor.')
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}
