/**
 * A browser and a system, in words a person recognises, from a User-Agent
 * header ('Chrome · Windows'). Order matters: Edge and Opera say 'Chrome',
 * Chrome says 'Safari', Android says 'Linux'.
 */
export function describeUserAgent(userAgent: string | null): { navegador: string; sistema: string } {
  const ua = userAgent ?? '';
  const browser = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ] as const;
  const system = [
    [/iPhone|iPad|iPod/, 'iOS'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ] as const;
  return {
    navegador: browser.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Navegador desconocido',
    sistema: system.find(([pattern]) => pattern.test(ua))?.[1] ?? 'Sistema desconocido',
  };
}
