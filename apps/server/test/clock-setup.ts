import { installTestClock } from '../src/platform/test-clock.ts'

/** Every vitest file starts its clock at `TEST_NOW` when the clock sweep sets it (platform/test-clock.ts). */
installTestClock()
