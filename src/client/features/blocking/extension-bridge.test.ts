import { expect, test } from 'bun:test';
import { browserName } from './extension-bridge';

test('browserName names the browser and the system from the user agent', () => {
  const linuxChrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const windowsEdge =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0';
  const macFirefox = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0';
  const androidChrome =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
  expect(browserName(linuxChrome)).toBe('Chrome on Linux');
  expect(browserName(windowsEdge)).toBe('Edge on Windows');
  expect(browserName(macFirefox)).toBe('Firefox on macOS');
  expect(browserName(androidChrome)).toBe('Chrome on Android');
  expect(browserName('curl/8')).toBe('Browser');
});
