// Runs before every test file: tests never read a developer's .env or write to ./data, and a cold
// PGlite (seconds to open) fits inside the default timeout.
import { setDefaultTimeout } from 'bun:test';

process.env.NODE_ENV = 'test';
setDefaultTimeout(30_000);
