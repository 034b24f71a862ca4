/** Test builders for uploads (used by *.test.ts only). */
import type { TestApp } from '../../../test/harness.ts'
import type { UploadService } from './uploads.service.ts'

/** The app's upload service, as the features that store files hold it. */
export const appUploads = (app: Pick<TestApp, 'uploads'>): UploadService => app.uploads
