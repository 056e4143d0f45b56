/**
 * The fake Google (apps/server/test/support/fake-google.ts) as a process, for
 * the browser journeys: Playwright starts it before the app, on a fixed port.
 */
import { startFakeGoogle } from '../apps/server/test/support/fake-google';

const port = Number(process.env.FAKE_GOOGLE_PORT ?? 4174);
const fake = await startFakeGoogle({ port });
console.log(`Google falso en ${fake.urls.oauthUrl}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
