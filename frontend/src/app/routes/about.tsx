import { Card } from '@blueprintjs/core';
import { messages } from '@stays/contracts';

const ui = messages.ui;

export default function AboutPage() {
  return (
    <div className="page narrow">
      <h1>{ui.aboutTitle}</h1>
      <p className="lead">{ui.aboutIntro}</p>
      <h2>{ui.aboutUsersTitle}</h2>
      <div className="two-columns">
        <Card>
          <h3>{ui.aboutCustomerTitle}</h3>
          <p>{ui.aboutCustomer}</p>
        </Card>
        <Card>
          <h3>{ui.aboutOwnerTitle}</h3>
          <p>{ui.aboutOwner}</p>
        </Card>
      </div>
      <h2>{ui.aboutProjectTitle}</h2>
      <p>{ui.aboutProject}</p>
      <h2>{ui.aboutTechnologiesTitle}</h2>
      <ul>
        {ui.aboutTechnologies.map((tech) => (
          <li key={tech}>{tech}</li>
        ))}
      </ul>
    </div>
  );
}
