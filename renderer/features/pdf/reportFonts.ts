// Only buildReport imports this module, and only through import(), so neither the fonts' URLs
// nor this code reach the start-up bundle.
//
// `?url` and fetch rather than `?inline`: the fonts stay separate binary files (about 17 KB each),
// downloaded when a report is made and cached by the browser, instead of a base64 string a third
// larger inside a script. Both the web app and the desktop app can fetch them: Vite emits them
// under /assets/ next to the scripts, which the desktop app serves from its app:// protocol
// (registered with fetch support, same origin as the page, so the Content-Security-Policy's
// connect-src 'self' allows it). They are far above Vite's inline limit (4 KiB), so the URL is
// never a data: URL, which that policy would refuse.
import boldUrl from './fonts/NotoSans-Bold.ttf?url';
import regularUrl from './fonts/NotoSans-Regular.ttf?url';

export interface ReportFontFile {
  /** The name jsPDF's virtual file system keeps it under. */
  fileName: string;
  style: 'normal' | 'bold';
  /** The TrueType file as a binary string (one character per byte), the form jsPDF reads. */
  data: string;
}

const FILES = [
  { fileName: 'NotoSans-Regular.ttf', style: 'normal', url: regularUrl },
  { fileName: 'NotoSans-Bold.ttf', style: 'bold', url: boldUrl },
] as const;

// String.fromCharCode takes its bytes as arguments, and engines cap the number of arguments.
const CHUNK = 0x8000;

function binaryString(bytes: Uint8Array): string {
  let result = '';
  for (let start = 0; start < bytes.length; start += CHUNK) {
    result += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return result;
}

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load the PDF font ${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

export async function loadReportFonts(): Promise<ReportFontFile[]> {
  return Promise.all(
    FILES.map(async ({ fileName, style, url }) => ({
      fileName,
      style,
      data: binaryString(await download(url)),
    })),
  );
}
