/**
 * The fake Stripe (apps/server/test/support/fake-stripe.ts) as a process,
 * for the browser journeys: Playwright starts it before the app, on a fixed
 * port. The journey registers the webhook's address through its API (as a
 * lawyer does in Stripe's dashboard) and pays on its hosted page.
 */
import { startFakeStripe } from '../apps/server/test/support/fake-stripe';

const port = Number(process.env.FAKE_STRIPE_PORT ?? 4178);
const fake = await startFakeStripe({ port });
console.log(`Stripe falso en ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
