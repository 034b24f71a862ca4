import zxing from '@zxing/library'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import config from '../../../playwright.config.ts'
import { DEV_CONTRACTS } from '../../server/src/chain/networks.ts'
import { expect, test } from './fixtures.ts'
import { open } from './support.ts'
import { button, expectToast, field, newAccountPage, t } from './wallet.support.ts'

const { BarcodeFormat, EncodeHintType, QRCodeWriter } = zxing

/**
 * A Y4M video (raw YUV 4:2:0, what Chromium's fake camera plays in a loop) of one frame: the
 * QR code of `text` in black on white, centred.
 */
function qrVideo(text: string, path: string): void {
  const [width, height] = [640, 480]
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, new Map([[EncodeHintType.MARGIN, 4]]))
  const scale = Math.floor(440 / matrix.getWidth())
  const left = Math.floor((width - matrix.getWidth() * scale) / 2)
  const top = Math.floor((height - matrix.getHeight() * scale) / 2)
  const luma = Buffer.alloc(width * height, 235)
  for (let y = 0; y < matrix.getHeight() * scale; y++)
    for (let x = 0; x < matrix.getWidth() * scale; x++)
      if (matrix.get(Math.floor(x / scale), Math.floor(y / scale))) luma[(top + y) * width + left + x] = 16
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)
  writeFileSync(path, Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma]))
}

// The fake camera shows an EIP-681 request for 2.5 USDT on the dev chain. The video is made
// before this file's browser starts (a worker of its own: launched with the camera flags).
const recipient = privateKeyToAccount(generatePrivateKey()).address
const request = `ethereum:${DEV_CONTRACTS.usdt}@31337/transfer?address=${recipient}&uint256=${parseEther('2.5')}`
const video = join(tmpdir(), `kinetic-qr-${process.pid}.y4m`)
qrVideo(request, video)

const launchOptions = config.use?.launchOptions ?? {}
test.use({
  launchOptions: {
    ...launchOptions,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
})

test("a QR code shown to the camera fills Send's address, coin and amount", async ({ browser }) => {
  const page = await newAccountPage(browser, 'qr')
  await page.context().grantPermissions(['camera'])
  await open(page, '/walletAdd?tab=key')
  await field(page, t.import.key).fill(generatePrivateKey())
  await field(page, t.form.password).fill('Camera-Lens-31')
  await field(page, t.form.repeatPassword).fill('Camera-Lens-31')
  await button(page, t.import.submit).click()
  await page.waitForURL(/#\/spot$/, { timeout: 20_000 })

  await open(page, '/walletTransfer')
  await expect.poll(() => page.getByText(/^Balance: \d/).count()).toBe(1)
  await button(page, t.send.scan).click()
  await expect.poll(() => page.getByRole('region', { name: t.scan.title }).count()).toBe(1)
  await expectToast(page, t.scan.filled)
  await expect.poll(() => field(page, t.send.to).inputValue()).toBe(recipient)
  await expect.poll(() => field(page, t.send.amount).inputValue()).toBe('2.5')
  await expect.poll(() => page.getByText(/^Balance: .* USDT$/).count()).toBe(1)
  // the camera is closed again
  await expect.poll(() => page.locator('video').count()).toBe(0)
  await page.context().close()
})
