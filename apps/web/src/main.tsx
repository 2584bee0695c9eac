import './index.css';
import { startApp } from './app/start-app.tsx';

// Every page but the pre-rendered landing (see landing-boot.ts) starts the app at once.
void startApp();
