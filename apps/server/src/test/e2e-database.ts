/**
 * Prepares the PostgreSQL database the end-to-end server uses, made empty for this run:
 * E2E_DATABASE_URL when set, otherwise DATABASE_URL's database with "_e2e" after its name
 * (created when missing). The end-to-end specs count what a player sees (offers, packages, rows),
 * so they never share the database the integration tests leave their own rows in.
 * Prints two lines: the owner's URL, which migrates, and the URL of the server's login role
 * (test/server-role.ts), which serves, as in production. Run by scripts/e2e.sh with tsx.
 */
import pg from 'pg';
import { serverRoleUrl } from './server-role.js';

const source = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
if (!source) process.exit(0);
const target = new URL(source);
if (!process.env.E2E_DATABASE_URL) target.pathname = `${target.pathname.replace(/^\//, '') || 'postgres'}_e2e`;
const name = decodeURIComponent(target.pathname.replace(/^\//, ''));

const admin = new URL(target);
admin.pathname = '/postgres';
const server = new pg.Client({ connectionString: admin.toString() });
await server.connect();
const { rowCount } = await server.query('select 1 from pg_database where datname = $1', [name]);
if (rowCount === 0) await server.query(`create database "${name.replaceAll('"', '""')}"`);
await server.end();

const database = new pg.Client({ connectionString: target.toString() });
await database.connect();
await database.query('drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public;');
await database.end();
process.stdout.write(`${target.toString()}\n${await serverRoleUrl(target.toString())}\n`);
