import type { PlanRulesSource } from './challenge-rules.js';
import type { CoachRepository } from './coach.repository.js';
import { ChallengeRulesService } from './challenge-rules.service.js';
import { HeadroomService } from './headroom.service.js';
import { SimulationService, type Simulator } from './simulation.service.js';

/**
 * The coach's one service, as every context has: the rules in force (a challenge's own merged over its plan's),
 * the headroom they leave now, and the odds of passing from here. Each part stays its own module because each
 * has its own reads, all through the coach's repository; the simulation starts from the headroom, so the two share
 * one instance.
 */
export class CoachService {
  readonly rules: ChallengeRulesService;
  readonly headroom: HeadroomService;
  readonly simulations: SimulationService;

  constructor(repository: CoachRepository, plans: PlanRulesSource, simulate?: Simulator) {
    this.rules = new ChallengeRulesService(repository, plans);
    this.headroom = new HeadroomService(repository, plans);
    this.simulations = new SimulationService(repository, plans, this.headroom, simulate);
  }
}
