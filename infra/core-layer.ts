/**
 * The CORE LAYER: the invoice generator and validator (lib/) built once with
 * esbuild into `/opt/nodejs/node_modules/@facturx/core/`, shared by every
 * function, plus the XSD schemas in `/opt/schemas/` (SCHEMA_DIR), which must
 * exist at synth time (runtime-assets.ts: synth fails otherwise). Functions import the core from there
 * (bundling/core-external.ts) and carry only their edge code. Packages the
 * core opens by module resolution at run time (fonts, pdf.js and its data,
 * the native canvas when installed for linux-arm64) ship as installed
 * packages in the layer's node_modules.
 */
import { AssetHashType, AssetStaging, BundlingOutput, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { installedPackageDir } from './bundling/build.js';
import { localBundling } from './bundling/local-bundler.js';
import { RUNTIME_SCHEMA_DIR } from './bundling/core-paths.js';
import { REPO_ROOT } from './config.js';
import { assertRuntimeAssets } from './runtime-assets.js';

/**
 * Packages the core cannot take bundled: pdf.js (v1 PDF text layer,
 * lib/extract/local/pdf-text.ts) imports its worker relative to its own file
 * and reads cmaps and standard fonts from its package folder, so it stays an
 * installed package in /opt/nodejs/node_modules.
 */
export const LAYER_EXTERNAL_PACKAGES: readonly string[] = Object.freeze(['pdfjs-dist']);

/** The native canvas pdf.js prefers in Node (its DOMMatrix), for the functions' platform; optional (see dom-matrix.ts). */
export const CANVAS_NATIVE_PACKAGE = '@napi-rs/canvas-linux-arm64-gnu';

/**
 * Package files the core opens or imports at run time by module resolution,
 * shipped in /opt/nodejs/node_modules with their licences: the PDF renderer's
 * fonts (lib/pdf/render/fonts.ts resolves `dejavu-fonts-ttf/ttf/…`), pdf.js,
 * and, when its linux-arm64 binary is installed, @napi-rs/canvas.
 */
export const LAYER_RUNTIME_FILES: ReadonlyArray<{ package: string; files: readonly string[]; when?: string }> = Object.freeze([
  { package: 'dejavu-fonts-ttf', files: ['package.json', 'LICENSE', 'ttf/DejaVuSans.ttf', 'ttf/DejaVuSans-Bold.ttf'] },
  { package: 'pdfjs-dist', files: ['package.json', 'LICENSE', 'legacy/build/pdf.mjs', 'legacy/build/pdf.worker.mjs', 'cmaps', 'standard_fonts'] },
  { package: '@napi-rs/canvas', files: ['.'], when: CANVAS_NATIVE_PACKAGE },
  { package: CANVAS_NATIVE_PACKAGE, files: ['.'], when: CANVAS_NATIVE_PACKAGE },
]);

/** Properties of {@link CoreLayer}. */
export interface CoreLayerProps {
  /** Folder to copy the XSD schemas from (the repository's schemas/ by default); every file the validator loads must be there. */
  schemaSourceDir: string;
  /** lib/ folder; default `<repo>/lib`. */
  libDir?: string;
  /**
   * Entry files (relative to the repository root, or absolute) of the functions
   * that will use the layer: the layer then holds exactly the lib modules they
   * import. Omit to ship every lib module.
   */
  consumers?: readonly string[];
}

/** The shared core layer. */
export class CoreLayer extends Construct {
  /** The layer version to attach. */
  readonly layer: LayerVersion;
  /** SCHEMA_DIR for the functions (`/opt/schemas`). */
  readonly schemaDir: string;
  /** The absolute lib/ folder the core is built from. */
  readonly libDir: string;

  constructor(scope: Construct, id: string, props: CoreLayerProps) {
    super(scope, id);
    this.libDir = props.libDir ?? resolve(REPO_ROOT, 'lib');
    // A layer without its XSDs or fonts would deploy and answer `xsd.ran: false`: refuse to build it.
    assertRuntimeAssets(props.schemaSourceDir, LAYER_RUNTIME_FILES, REPO_ROOT);
    this.schemaDir = RUNTIME_SCHEMA_DIR;
    // Without CANVAS_NATIVE_PACKAGE pdf.js still reads text layers (lib/extract/local/dom-matrix.ts stands in for
    // its DOMMatrix); the native canvas is shipped only when installed, and is not needed by our code paths.
    const version = (JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0';
    this.layer = new LayerVersion(this, 'Layer', {
      description: `Factur-X core ${version}: EN 16931 generator and validator (lib/) + XSD schemas`,
      compatibleRuntimes: [Runtime.NODEJS_24_X],
      compatibleArchitectures: [Architecture.ARM_64],
      removalPolicy: RemovalPolicy.DESTROY,
      code: Code.fromAsset(this.libDir, {
        // Hash of the built output: it changes with lib/, its dependencies and the schemas alike.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          ...localBundling({
            kind: 'layer',
            libDir: this.libDir,
            version,
            runtimeFiles: LAYER_RUNTIME_FILES.map((r) => ({ package: r.package, files: [...r.files], ...(r.when === undefined ? {} : { when: r.when }) })),
            externalPackages: [...LAYER_EXTERNAL_PACKAGES],
            schemaSourceDir: props.schemaSourceDir,
            ...(props.consumers === undefined ? {} : { consumers: props.consumers.map((c) => resolve(REPO_ROOT, c)) }),
          }),
          outputType: BundlingOutput.NOT_ARCHIVED,
        },
      }),
    });
  }

  /** The built layer folder (holds `nodejs/` and `schemas/`), or undefined when bundling was skipped for this stack. */
  get assetDir(): string | undefined {
    return stagedDir(this.layer);
  }
}

/** The staged, bundled folder of the `Code` asset under `scope`, if it was bundled. */
export function stagedDir(scope: Construct): string | undefined {
  if (!Stack.of(scope).bundlingRequired) return undefined;
  const asset = scope.node.tryFindChild('Code');
  const staging = asset?.node.tryFindChild('Stage');
  return staging instanceof AssetStaging ? staging.absoluteStagedPath : undefined;
}
