/** get_summary takes no input. */
export class SummaryInput {}
