/**
 * Runs every read model's versions in the process that runs projections (the projections
 * worker, or `npm start`), and is where versions are built, switched and dropped, so
 * nothing has to stop for either:
 *
 * - at start, a model with no version of its definition's handlers gets one, built from
 *   position 0, which goes live by itself once caught up (a new model file, a version bump,
 *   every start of the in-memory embedded read store);
 * - `build` adds a version beside the live one with the same handlers, replayed from 0
 *   and then following the log; `switch` makes it live once it has caught up and retires
 *   the old one (no longer followed; its collections stay until dropped); `drop` removes a
 *   version that is not live.
 *
 * Changes to the registry are made one at a time, in this process only.
 */
import type { EventStore } from '@stays/event-store';
import type { ReadStore } from '@stays/read-store';
import { changeStamp, clearCheckpoint, readCheckpoint } from './checkpoints.ts';
import { physicalCollection, versionName, versionProjection, type ReadModelDefinition } from './read-model.ts';
import { followedServingVersion, readRegistry, servingVersion, writeVersions, type VersionEntry, type VersionState } from './registry.ts';
import { ProjectionRunner, type ProjectionRunnerOptions, type ProjectionToAdd, type ReadSideHealth } from './runner.ts';
import { lineLogger } from '@stays/service-kit';

/** A request refused: malformed (400), naming a model or version that does not exist (404), or one the registry's state forbids now (409). */
export class ReadModelOperationError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
    this.name = 'ReadModelOperationError';
  }
}

export interface ReadModelVersionStatus {
  readonly version: number;
  readonly state: VersionState;
  /** Position of the last event applied (null before any). */
  readonly position: number | null;
  /** Caught up with the log once since it started following it. */
  readonly caughtUp: boolean;
  /** How far behind the log's head it is, in log positions (null when it is not followed); 0 once it has applied the last event. */
  readonly lag: number | null;
  /** Events this process has read for it since it started following it. */
  readonly events: number;
  readonly documents: number;
  /** Why it stopped following the log, if it did. */
  readonly failed: string | null;
}

export interface ReadModelStatus {
  readonly name: string;
  /** The definition's version: the handlers this process runs. */
  readonly definitionVersion: number;
  readonly live: number | null;
  readonly versions: readonly ReadModelVersionStatus[];
}

export interface ReadModelsStatus {
  /** Position of the log's last event (null while empty). */
  readonly head: number | null;
  readonly models: readonly ReadModelStatus[];
}

/** The read models as their folder holds them now, and the modules that do not load (read-models/index.ts, findReadModels). */
export type RediscoverReadModels = () => Promise<{
  readonly models: readonly ReadModelDefinition[];
  readonly failures: readonly { readonly file: string; readonly error: string }[];
}>;

export interface ReadModelRunnerOptions extends ProjectionRunnerOptions {
  /**
   * Where `build` looks for a model it does not know, or a newer definition of one it
   * does: a model file added or edited while the process runs is built without a restart.
   */
  readonly rediscover?: RediscoverReadModels;
}

export class ReadModelRunner {
  private readonly runner: ProjectionRunner;
  private readonly models: Map<string, ReadModelDefinition>;
  private registry = new Map<string, readonly VersionEntry[]>();
  /** Registry changes, one after another. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    models: readonly ReadModelDefinition[],
    private readonly options: ReadModelRunnerOptions = {},
  ) {
    this.models = new Map(models.map((model) => [model.name, model]));
    if (this.models.size < models.length) throw new Error('two read models have the same name');
    this.runner = new ProjectionRunner(eventStore, readStore, [], options);
  }

  async start(): Promise<void> {
    await this.runner.start();
    await this.change(async () => {
      this.registry = new Map(await readRegistry(this.readStore));
      const followed: ProjectionToAdd[] = [];
      for (const model of this.models.values()) {
        // Versions built by other handlers cannot be followed: a live one stays readable
        // (as it was) until a version of these handlers catches up and replaces it.
        let versions = (this.registry.get(model.name) ?? []).map((entry): VersionEntry =>
          entry.schema !== model.version && entry.state === 'building' ? { ...entry, state: 'retired' } : entry,
        );
        if (!versions.some((entry) => entry.schema === model.version && entry.state !== 'retired')) {
          versions = [...versions, this.newVersion(model, versions, true)];
        }
        await this.save(model.name, versions);
        for (const entry of versions) {
          if (entry.schema === model.version && entry.state !== 'retired') followed.push(this.following(model, entry));
        }
      }
      // together, so the versions at the same checkpoint share one read of the log
      await this.runner.addAll(followed);
    });
  }

  async stop(): Promise<void> {
    await this.runner.stop();
  }

  /**
   * Starts a new version of the model beside the live one, replayed from position 0 with the
   * definition's handlers (as its file defines them now, when the runner may rediscover).
   * A model new to this process starts as a version being built that queries read until
   * `switch` makes it live.
   */
  build(name: string): Promise<VersionEntry> {
    return this.change(async () => {
      const model = await this.latestDefinition(name);
      const versions = this.registry.get(name) ?? [];
      const building = versions.find((entry) => entry.state === 'building');
      if (building !== undefined) throw new ReadModelOperationError(`${name}@${building.version} is already being built; switch to it or drop it first`, 409);
      const entry = this.newVersion(model, versions, false);
      await this.save(name, [...versions, entry]);
      await this.runner.addAll([this.following(model, entry)]);
      return entry;
    });
  }

  /** Makes the version being built live, once it has caught up; the live one is retired (kept until dropped). */
  switch(name: string): Promise<VersionEntry> {
    return this.change(async () => {
      this.model(name);
      const building = (this.registry.get(name) ?? []).find((entry) => entry.state === 'building');
      if (building === undefined) throw new ReadModelOperationError(`${name} has no version being built to switch to (build one first)`, 409);
      const progress = this.runner.progress(versionName(name, building.version));
      if (progress?.caughtUp !== true || progress.failed !== null) {
        const where = progress?.failed != null ? `stopped: ${progress.failed}` : `still catching up (at ${progress?.position ?? 'start'})`;
        throw new ReadModelOperationError(`${name}@${building.version} is ${where}`, 409);
      }
      return this.goLive(name, building.version);
    });
  }

  /** Removes a version that is not live: stops following it, drops its collections and its checkpoint. */
  drop(name: string, version: number): Promise<void> {
    return this.change(async () => {
      this.model(name);
      const versions = this.registry.get(name) ?? [];
      const entry = versions.find((candidate) => candidate.version === version);
      if (entry === undefined) throw new ReadModelOperationError(`${name} has no version ${version}`, 404);
      if (entry.state === 'live') throw new ReadModelOperationError(`${name}@${version} is live; switch to another version before dropping it`, 409);
      await this.runner.remove(versionName(name, version));
      await this.save(
        name,
        versions.filter((candidate) => candidate.version !== version),
      );
      for (const collection of entry.collections) await this.readStore.collection(collection).drop();
      await clearCheckpoint(this.readStore, versionName(name, version));
    });
  }

  /** Every read model with each of its versions: state, position, lag behind the log's head, documents. */
  async status(): Promise<ReadModelsStatus> {
    const head = await this.eventStore.headPosition();
    const models = await Promise.all(
      [...this.models.values()].map(async (model): Promise<ReadModelStatus> => {
        const versions = this.registry.get(model.name) ?? [];
        return {
          name: model.name,
          definitionVersion: model.version,
          live: versions.find((entry) => entry.state === 'live')?.version ?? null,
          versions: await Promise.all(versions.map((entry) => this.versionStatus(model, entry, head))),
        };
      }),
    );
    return { head, models };
  }

  /** Where a followed version is, without counting its documents (cheap enough to poll); undefined when it is not followed. */
  progress(
    name: string,
    version: number,
  ): { readonly position: number | undefined; readonly caughtUp: boolean; readonly failed: string | null; readonly events: number } | undefined {
    return this.runner.progress(versionName(name, version));
  }

  health(maxLagMs: number): Promise<ReadSideHealth> {
    return this.runner.health(maxLagMs);
  }

  publishHealth(maxLagMs: number): Promise<ReadSideHealth> {
    return this.runner.publishHealth(maxLagMs);
  }

  isCaughtUp(): boolean {
    return this.runner.isCaughtUp();
  }

  whenCaughtUp(): Promise<void> {
    return this.runner.whenCaughtUp();
  }

  position(): number | undefined {
    return this.runner.position();
  }

  waitFor(position: number, timeoutMs: number): Promise<boolean> {
    return this.runner.waitFor(position, timeoutMs);
  }

  /** Whether the model's handlers read personal fields ('read') or not ('none'); undefined when this process defines no such model. */
  personalFieldsOf(name: string): 'read' | 'none' | undefined {
    const model = this.models.get(name);
    return model === undefined ? undefined : (model.personalFields ?? 'read');
  }

  /** The models this process runs, by name. */
  modelNames(): string[] {
    return [...this.models.keys()].sort();
  }

  /** The version queries read of the model and the position of the last event that changed its documents (`<version>@<position>`; undefined: no version yet). */
  changedAt(name: string): string | undefined {
    const version = servingVersion(this.registry.get(name) ?? []);
    return version === undefined ? undefined : changeStamp(version, this.runner.changedAt(versionName(name, version)));
  }

  /** The model's definition as its folder holds it now; refuses a name no loadable module defines, saying which modules failed. */
  private async latestDefinition(name: string): Promise<ReadModelDefinition> {
    if (this.options.rediscover === undefined) return this.model(name);
    const { models, failures } = await this.options.rediscover();
    const found = models.find((model) => model.name === name);
    if (found === undefined) {
      const names = models.map((model) => model.name).join(', ');
      // a model's file that does not load is not built from what this process read of it before
      if (failures.length > 0) {
        const broken = failures.map((failure) => `${failure.file}: ${failure.error}`).join('; ');
        throw new ReadModelOperationError(`no file that loads defines ${name} (read models: ${names}); files that did not load: ${broken}`, 400);
      }
      if (this.models.has(name)) return this.model(name);
      throw new ReadModelOperationError(`no read model is named ${name} (read models: ${names})`, 404);
    }
    const known = this.models.get(name);
    if (known !== found) {
      this.models.set(name, found);
      this.log(`read model ${name}: ${known === undefined ? 'new file' : 'definition changed'} (version ${found.version}), read from its file`);
    }
    return found;
  }

  private model(name: string): ReadModelDefinition {
    const model = this.models.get(name);
    if (model === undefined) throw new ReadModelOperationError(`no read model is named ${name}`, 404);
    return model;
  }

  /** Version numbers only grow, and are at least the definition's version (so `bookings_v2_…` is built by version 2's handlers). */
  private newVersion(model: ReadModelDefinition, versions: readonly VersionEntry[], goLiveWhenCaughtUp: boolean): VersionEntry {
    const version = Math.max(model.version, ...versions.map((entry) => entry.version + 1));
    const collections = Object.keys(model.collections).map((collection) => physicalCollection(model.name, version, collection));
    return { version, schema: model.version, state: 'building', goLiveWhenCaughtUp, collections, createdAt: new Date().toISOString() };
  }

  /** The version as the runner follows it: serving when queries read it, going live once caught up when it should. */
  private following(model: ReadModelDefinition, entry: VersionEntry): ProjectionToAdd {
    const versions = this.registry.get(model.name) ?? [];
    return {
      definition: versionProjection(model, entry.version),
      options: {
        serving: followedServingVersion(versions) === entry.version,
        ...(entry.goLiveWhenCaughtUp &&
          entry.state === 'building' && {
            onCaughtUp: () => {
              this.change(() => this.goLive(model.name, entry.version)).catch((error: unknown) =>
                this.log(`could not make ${versionName(model.name, entry.version)} live: ${String(error)}`),
              );
            },
          }),
      },
    };
  }

  private async goLive(name: string, version: number): Promise<VersionEntry> {
    const versions = this.registry.get(name) ?? [];
    const previous = versions.find((entry) => entry.state === 'live');
    const updated = versions.map((entry): VersionEntry =>
      entry.version === version ? { ...entry, state: 'live', goLiveWhenCaughtUp: false } : entry.state === 'live' ? { ...entry, state: 'retired' } : entry,
    );
    await this.save(name, updated);
    if (previous !== undefined) await this.runner.remove(versionName(name, previous.version));
    this.runner.setServing(versionName(name, version), true);
    this.log(`read model ${name}: version ${version} is live${previous !== undefined ? `, ${previous.version} retired` : ''}`);
    return updated.find((entry) => entry.version === version)!;
  }

  private async versionStatus(model: ReadModelDefinition, entry: VersionEntry, head: number | null): Promise<ReadModelVersionStatus> {
    const name = versionName(model.name, entry.version);
    const progress = this.runner.progress(name);
    const position = progress !== undefined ? progress.position : await readCheckpoint(this.readStore, name, entry.version);
    const counts = await Promise.all(entry.collections.map((collection) => this.readStore.collection(collection).estimatedDocumentCount()));
    return {
      version: entry.version,
      state: entry.state,
      position: position ?? null,
      caughtUp: progress?.caughtUp ?? false,
      lag: progress === undefined ? null : Math.max(0, (head ?? -1) - (position ?? -1)),
      events: progress?.events ?? 0,
      documents: counts.reduce((sum, count) => sum + count, 0),
      failed: progress?.failed ?? null,
    };
  }

  private async save(name: string, versions: readonly VersionEntry[]): Promise<void> {
    await writeVersions(this.readStore, name, versions);
    this.registry.set(name, versions);
  }

  private change<T>(work: () => Promise<T>): Promise<T> {
    const result = this.changes.then(work);
    this.changes = result.catch(() => undefined);
    return result;
  }

  private log(line: string): void {
    (this.options.log ?? lineLogger())(line);
  }
}
