/**
 * The fake language model (apps/server/test/support/fake-model.ts) as a
 * process for the browser journeys, streaming slowly enough to watch.
 */
import { startFakeModel } from '../apps/server/test/support/fake-model';

const port = Number(process.env.FAKE_MODEL_PORT ?? 4175);
const model = await startFakeModel({ port });
model.setPieceDelay(40);
console.log(`Modelo falso en ${model.baseUrl}`);
const stop = () => void model.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
