// Process tests start real servers: they wait on events (a log line, a port), and this outer bound only
// stops a hung process on a loaded machine; it is not a performance budget.
module.exports = { ...require('../../jest.preset.cjs'), testTimeout: 600_000 };
