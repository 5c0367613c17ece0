import type { Database } from '@propfolio/db';
import type { PlanRulesSource } from './challenge-rules.js';
import type { CoachRepository } from './coach.repository.js';
import { ChallengeRulesService } from './challenge-rules.service.js';
import { HeadroomService } from './headroom.service.js';
import { SimulationService, type Simulator } from './simulation.service.js';

/**
 * The coach's one service, as every context has: the rules in force (a challenge's own merged over its plan's),
 * the headroom they leave now, and the odds of passing from here. Each part stays its own module because each
 * has its own reads; the simulation starts from the headroom, so the two share one instance. The rules and the
 * headroom read through the coach's repository; the simulation still reads the database itself (on the data-access
 * legacy list until its reads move to the repository).
 */
export class CoachService {
  readonly rules: ChallengeRulesService;
  readonly headroom: HeadroomService;
  readonly simulations: SimulationService;

  constructor(repository: CoachRepository, db: Database, plans: PlanRulesSource, simulate?: Simulator) {
    this.rules = new ChallengeRulesService(repository, plans);
    this.headroom = new HeadroomService(repository, plans);
    this.simulations = new SimulationService(db, plans, this.headroom, simulate);
  }
}
