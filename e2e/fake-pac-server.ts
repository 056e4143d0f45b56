/**
 * The fake PAC (SW sapien's REST API and the SAT's status service,
 * apps/server/test/support/fake-pac.ts) as a process, for the browser
 * journeys: Playwright starts it before the app, on a fixed port.
 */
import { startFakePac } from '../apps/server/test/support/fake-pac';

const port = Number(process.env.FAKE_PAC_PORT ?? 4177);
const fake = await startFakePac({ port });
console.log(`PAC falso en ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
