#!/usr/bin/env node
import { optMain } from './opt-main.js';

process.exitCode = optMain(process.argv.slice(2));
