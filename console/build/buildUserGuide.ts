// `npm run build -w console` runs this after vite: docs/user-guide/<lang>/*.md → dist/docs/<lang>/*.html
// plus dist/docs/guide.css. The operator serves them at /docs/<lang>/ (operator/src/http/user-guide.ts).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideLanguages, renderLanguage } from './userGuide.ts';

const consoleRoot = fileURLToPath(new URL('..', import.meta.url));
const sourceDir = join(consoleRoot, '..', 'docs', 'user-guide');
const outputDir = join(consoleRoot, 'dist', 'docs');

let written = 0;
for (const language of guideLanguages) {
  const dir = join(sourceDir, language);
  const sources = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => ({ slug: file.slice(0, -3), markdown: readFileSync(join(dir, file), 'utf8') }));
  for (const page of renderLanguage(language, sources)) {
    const target = join(outputDir, page.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, page.html);
    written++;
  }
}
copyFileSync(join(sourceDir, 'guide.css'), join(outputDir, 'guide.css'));
process.stdout.write(`[user guide] ${written} pages in ${outputDir}\n`);
