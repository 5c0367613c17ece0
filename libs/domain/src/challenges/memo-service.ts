import type { Caller } from '@propfolio/core';
import type { Database } from '@propfolio/db';
import type { AddMemoInput } from './challenges.inputs.js';
import type { MemoView } from './challenges.outputs.js';
import { toMemoView } from './challenge-view.js';
import { findOwnedChallenge } from './owned-challenge.js';

/** Notes on a challenge. A memo records history, so a failed challenge still takes memos. */
export class MemoService {
  constructor(private readonly db: Database) {}

  async add(caller: Caller, input: AddMemoInput): Promise<MemoView> {
    const challenge = await findOwnedChallenge(this.db.prisma, caller, input.challengeId);
    const memo = await this.db.prisma.memo.create({
      data: { userId: caller.userId, challengeId: challenge.id, content: input.content },
    });
    return toMemoView(memo);
  }
}
