import { Link } from "react-router";
import { fullAddress, site } from "~/config/site";
import { type LegalDocumentData, LegalSubheading, MailLink } from "./legal-document";

/**
 * Aviso de Privacidad Integral, under the Ley Federal de Protección de Datos Personales en
 * Posesión de los Particulares published in the DOF on 20 March 2025. Rendered by
 * /aviso-de-privacidad and by the combined page /terminos-y-privacidad: edit it here only.
 */

const PrivacyEmail = ({ subject }: { subject?: string }) => <MailLink email={site.privacyEmail} subject={subject} />;

const hoursText = site.hours.map((h) => `${h.days}, de ${h.open} a ${h.close}`).join("; ");

export const privacyNotice: LegalDocumentData = {
  id: "aviso-de-privacidad",
  title: "Aviso de Privacidad Integral",
  intro: (
    <>
      <p>
        {site.legalName} (en lo sucesivo, «{site.name}», «el Estudio» o «el Responsable») pone a su disposición el
        presente Aviso de Privacidad Integral (el «Aviso»), en cumplimiento de la Ley Federal de Protección de Datos
        Personales en Posesión de los Particulares, publicada en el Diario Oficial de la Federación el 20 de marzo de
        2025 (la «Ley»), de su Reglamento y de las demás disposiciones aplicables.
      </p>
      <p>
        Este Aviso aplica a los datos personales que tratamos de nuestras clientas y clientes, de quienes compran en
        nuestra tienda en línea, de las alumnas y alumnos de nuestros cursos y, en general, de toda persona que nos
        contacte en el estudio, a través de este sitio web, por WhatsApp, por teléfono, por correo electrónico o por
        nuestras redes sociales (en lo sucesivo, «usted» o «el Titular»). Le pedimos leerlo con atención: en él se
        explica qué datos recabamos, para qué los usamos, con quién los compartimos y cómo puede ejercer sus derechos.
      </p>
    </>
  ),
  sections: [
    {
      id: "responsable",
      title: "Identidad y domicilio del responsable",
      content: (
        <>
          <p>
            El responsable del tratamiento de sus datos personales es <strong>{site.legalName}</strong>, que opera
            comercialmente con el nombre «{site.name}», con domicilio para oír y recibir notificaciones en{" "}
            <strong>{fullAddress()}</strong>.
          </p>
          <p>
            Para cualquier asunto relacionado con el tratamiento de sus datos personales, incluido el ejercicio de los
            derechos que le reconoce la Ley, puede dirigirse a nuestro Departamento de Datos Personales por los
            siguientes medios:
          </p>
          <ul>
            <li>
              Correo electrónico: <PrivacyEmail />
            </li>
            <li>
              Teléfono: <a href={site.phoneHref}>{site.phone}</a>
            </li>
            <li>Domicilio: el señalado en el párrafo anterior, en el horario de atención ({hoursText}).</li>
          </ul>
        </>
      ),
    },
    {
      id: "datos-recabados",
      title: "Datos personales que recabamos",
      content: (
        <>
          <p>
            Recabamos sus datos personales de forma <strong>directa</strong>, cuando usted nos los proporciona en el
            estudio, en los formularios de este sitio, por WhatsApp, por teléfono o por correo electrónico; de forma{" "}
            <strong>electrónica</strong>, cuando utiliza este sitio; y de forma <strong>indirecta</strong>, cuando usted
            decide iniciar sesión con su cuenta de Google o de Facebook, o cuando nuestro proveedor de servicios de pago
            nos confirma el resultado de una operación. Según la relación que tenga con nosotros, podemos tratar las
            siguientes categorías de datos personales:
          </p>
          <ul>
            <li>
              <strong>Datos de identificación:</strong> nombre o nombres y apellidos; su firma, autógrafa o electrónica,
              en los formatos de consentimiento; y, únicamente cuando sea necesaria para acreditar su identidad (por
              ejemplo, al ejercer sus derechos ARCO), la copia de una identificación oficial.
            </li>
            <li>
              <strong>Datos de contacto:</strong> correo electrónico y número de teléfono fijo, celular o de WhatsApp.
            </li>
            <li>
              <strong>Datos de envío:</strong> nombre y apellido de quien recibe; calle, número exterior e interior,
              colonia, código postal, ciudad, estado y país del domicilio de entrega; y el correo electrónico y teléfono
              de contacto para la entrega.
            </li>
            <li>
              <strong>Datos de facturación y de pago:</strong> cuando solicita un Comprobante Fiscal Digital por
              Internet (CFDI), su nombre o razón social, Registro Federal de Contribuyentes (RFC), código postal del
              domicilio fiscal, régimen fiscal y uso del CFDI; y, respecto de cada compra, el importe, la fecha, los
              productos o cursos adquiridos, el identificador de la operación y el resultado del cobro.{" "}
              <strong>
                Los datos de su tarjeta (número, fecha de vencimiento y código de seguridad) se capturan y procesan
                directamente por nuestro proveedor de servicios de pago con tarjeta
              </strong>
              , sujeto a los estándares de seguridad de la industria de tarjetas de pago (PCI DSS); el Estudio no los
              recibe, no los conoce y no los almacena. Del proveedor podemos recibir, como máximo, la marca de la
              tarjeta y sus últimos cuatro dígitos, a fin de identificar la operación.
            </li>
            <li>
              <strong>Datos de su cuenta de usuario:</strong> nombre, correo electrónico, contraseña (que se guarda
              cifrada de forma irreversible, por lo que nadie en el Estudio puede conocerla), fecha y hora de su último
              acceso, registro de la aceptación de los Términos y Condiciones, productos favoritos, contenido de su
              carrito, historial de compras y reseñas que publique. Si inicia sesión con Google o con Facebook,
              recibimos de ese proveedor su nombre, su correo electrónico y un identificador de su cuenta; nunca su
              contraseña.
            </li>
            <li>
              <strong>Datos de sus cursos:</strong> cursos en línea adquiridos y cursos presenciales en los que se
              inscriba, avance por unidad, respuestas y resultados de los exámenes finales, fecha de conclusión y datos
              de los diplomas emitidos (nombre y fecha).
            </li>
            <li>
              <strong>Datos de los servicios en el estudio:</strong> citas agendadas, tratamiento realizado, técnica,
              tonos y pigmentos utilizados, notas de seguimiento y de retoque, así como los datos personales sensibles
              que se describen en la sección <a href="#datos-sensibles">«Datos personales sensibles»</a>.
            </li>
            <li>
              <strong>Datos técnicos y de navegación:</strong> dirección IP, tipo de navegador y de dispositivo, fecha y
              hora de las solicitudes al sitio, identificadores de sesión y de carrito, y la demás información descrita
              en la sección <a href="#cookies">«Cookies, almacenamiento local y tecnologías similares»</a>.
            </li>
            <li>
              <strong>Datos de sus comunicaciones:</strong> el contenido de los mensajes, consultas, quejas o
              solicitudes que nos envíe por el formulario de contacto, correo electrónico, WhatsApp o redes sociales.
            </li>
          </ul>
          <p>
            Si usted nos proporciona datos personales de otra persona (por ejemplo, el nombre, domicilio y teléfono de
            quien recibirá un pedido), declara que cuenta con su autorización para hacerlo y que le dio a conocer este
            Aviso.
          </p>
        </>
      ),
    },
    {
      id: "datos-sensibles",
      title: "Datos personales sensibles",
      content: (
        <>
          <p>
            Para prestar nuestros servicios de micropigmentación (cejas, labios, camuflaje de estrías y otras zonas) y
            de maquillaje profesional, tratamos los siguientes <strong>datos personales sensibles</strong>, es decir,
            datos que se refieren a la esfera más íntima de su titular o cuya utilización indebida puede dar origen a
            discriminación o conllevar un riesgo grave para éste:
          </p>
          <ul>
            <li>
              <strong>Fotografías del «antes» y el «después» de la zona tratada</strong> (por ejemplo, cejas, labios o
              piel con estrías o cicatrices), tomadas antes del procedimiento, al concluirlo y en las sesiones de
              retoque. Estas imágenes pueden revelar aspectos de su estado de salud, como afecciones de la piel,
              cicatrices, alopecia o estrías, así como rasgos físicos que le identifican; por ello las tratamos, en
              todos los casos, como datos personales sensibles.
            </li>
            <li>
              <strong>Datos de salud</strong> que usted nos proporcione en el cuestionario de valoración y en el formato
              de consentimiento informado, indispensables para determinar si el procedimiento es seguro para usted:
              alergias, embarazo o lactancia, padecimientos (por ejemplo, diabetes, trastornos de la coagulación,
              enfermedades de la piel o tendencia a cicatrización queloide), medicamentos que toma y tratamientos
              estéticos o dermatológicos previos.
            </li>
          </ul>
          <p>
            Conforme a la Ley, el tratamiento de estos datos requiere su{" "}
            <strong>consentimiento expreso y por escrito</strong>, que recabaremos antes del procedimiento mediante su
            firma autógrafa o electrónica en el formato correspondiente. En dicho formato usted podrá otorgar o negar,
            por separado y con una casilla propia para cada supuesto, su consentimiento para:
          </p>
          <ol>
            <li>
              la toma y conservación de fotografías de la zona tratada para integrar su expediente, dar seguimiento al
              tratamiento y ponerlas a su disposición en su página personal de visita (finalidad primaria); y
            </li>
            <li>
              la publicación de esas fotografías, sin su nombre, en la galería de este sitio y en nuestras redes
              sociales (finalidad secundaria, que sólo se realizará con este consentimiento adicional).
            </li>
          </ol>
          <p>
            Si no otorga su consentimiento para la toma de fotografías, no tomaremos ni conservaremos imágenes suyas;
            antes de iniciar le explicaremos las limitaciones que ello supone para el seguimiento y el retoque. Sin los
            datos de salud indispensables para valorar su seguridad no es posible realizar el procedimiento.
          </p>
          <p>
            <strong>Página personal de visita.</strong> Las fotografías del antes y el después de su tratamiento pueden
            consultarse, junto con su nombre, en una página personal de visita en este sitio, a la que sólo se accede
            con un código único que le entregamos a usted. Toda persona con quien usted comparta ese código o el enlace
            de la página podrá ver y descargar las fotografías, por lo que le recomendamos no compartirlo. Puede
            pedirnos en cualquier momento que desactivemos su página de visita.
          </p>
          <p>
            No recabamos otros datos personales sensibles, como los relativos a origen racial o étnico, creencias
            religiosas, filosóficas o morales, opiniones políticas, afiliación sindical o preferencia sexual.
          </p>
        </>
      ),
    },
    {
      id: "finalidades",
      title: "Finalidades del tratamiento",
      content: (
        <>
          <LegalSubheading>Finalidades primarias (necesarias)</LegalSubheading>
          <p>
            Las siguientes finalidades son necesarias para la existencia, el mantenimiento y el cumplimiento de la
            relación jurídica que usted establece con nosotros:
          </p>
          <ol>
            <li>
              Crear, administrar y proteger su cuenta de usuario; identificarle e iniciar su sesión, incluso por medio
              de Google o Facebook; y permitirle recuperar su contraseña.
            </li>
            <li>Conservar su carrito de compras, sus productos favoritos y los códigos de descuento que aplique.</li>
            <li>
              Procesar sus pedidos de productos y cursos: verificar existencias; calcular precios, descuentos y costos
              de envío; gestionar el cobro con tarjeta por medio de nuestro proveedor de servicios de pago; confirmarle
              la compra por correo electrónico; y preparar, enviar y dar seguimiento a la entrega.
            </li>
            <li>
              Darle acceso a los cursos en línea que adquiera, registrar su avance, aplicar y calificar el examen final
              y emitir su diploma con su nombre.
            </li>
            <li>
              Inscribirle en los cursos presenciales y organizar las clases, las prácticas con modelos y la entrega de
              los materiales.
            </li>
            <li>
              Agendar, confirmar, reprogramar y recordarle sus citas; valorar si el procedimiento es adecuado para
              usted; recabar su consentimiento informado; realizar el tratamiento; integrar y conservar su expediente; y
              darle seguimiento, incluidos los retoques.
            </li>
            <li>
              Tomar, con su consentimiento expreso y por escrito, las fotografías del antes y el después de la zona
              tratada, para documentar el tratamiento y ponerlas a su disposición en su página personal de visita.
            </li>
            <li>
              Atender sus consultas, solicitudes de información, quejas, aclaraciones, garantías, devoluciones y
              reembolsos.
            </li>
            <li>
              Publicar en el sitio, con su nombre y la fecha, las reseñas y calificaciones que usted decida escribir
              sobre nuestros productos o cursos.
            </li>
            <li>
              Emitir los comprobantes fiscales que solicite y cumplir nuestras obligaciones fiscales, contables y las
              demás que nos impongan las leyes, así como atender los requerimientos de las autoridades competentes.
            </li>
            <li>
              Mantener la seguridad del sitio y de nuestros sistemas: prevenir fraudes, abusos y accesos no autorizados,
              y conservar los registros técnicos necesarios para ello.
            </li>
            <li>Reconocer, ejercer o defender nuestros derechos ante reclamaciones o controversias.</li>
          </ol>

          <LegalSubheading>Finalidades secundarias (voluntarias)</LegalSubheading>
          <p>
            Las siguientes finalidades no son necesarias para la relación jurídica con usted, pero nos permiten
            brindarle una mejor atención. Usted puede negarse a ellas en los términos de la sección siguiente:
          </p>
          <ol>
            <li>
              Enviarle, por correo electrónico, WhatsApp, mensajes de texto o redes sociales, información publicitaria y
              boletines sobre nuestros servicios, productos y cursos.
            </li>
            <li>Hacerle llegar promociones, descuentos, códigos promocionales e invitaciones a eventos.</li>
            <li>
              Invitarle a responder encuestas de satisfacción y evaluar la calidad de nuestros servicios, productos y
              cursos.
            </li>
            <li>
              Publicar las fotografías del antes y el después de su tratamiento, sin su nombre, en la galería de este
              sitio y en nuestras redes sociales como muestra de nuestro trabajo,{" "}
              <strong>
                únicamente si usted nos otorga para ello un consentimiento expreso, por escrito y distinto del que
                otorga para el tratamiento
              </strong>
              .
            </li>
          </ol>
          <p>
            No trataremos sus datos personales para finalidades distintas de las señaladas en este Aviso. Si en el
            futuro necesitáramos tratarlos para una finalidad que no sea compatible ni análoga con las anteriores, le
            solicitaremos previamente su consentimiento.
          </p>
        </>
      ),
    },
    {
      id: "negativa-finalidades-secundarias",
      title: "Cómo negarse a las finalidades secundarias",
      content: (
        <>
          <p>
            Si no desea que tratemos sus datos personales para alguna o todas las finalidades secundarias, puede
            manifestar su negativa desde este momento enviando un correo electrónico a{" "}
            <PrivacyEmail subject="Negativa a finalidades secundarias" />, con el asunto «Negativa a finalidades
            secundarias», en el que indique su nombre completo, el correo electrónico o teléfono con el que nos contactó
            o con el que está registrado, y la finalidad o finalidades a las que se niega. Si nos proporciona sus datos
            en persona, también puede marcar su negativa en el formato que le presentemos.
          </p>
          <p>
            Usted cuenta con un plazo de <strong>cinco (5) días hábiles</strong>, contados a partir de que nos
            proporcione sus datos personales, para manifestar su negativa por este medio antes de que los tratemos para
            dichas finalidades. Vencido ese plazo, podrá oponerse en cualquier momento, ejerciendo su derecho de
            oposición o revocando su consentimiento conforme a la sección{" "}
            <a href="#procedimiento-arco">«Medios y procedimiento para ejercer sus derechos»</a>. Además, cada
            comunicación publicitaria que le enviemos incluirá un medio sencillo para dejar de recibirlas.
          </p>
          <p>
            <strong>
              La negativa al tratamiento de sus datos personales para las finalidades secundarias no será motivo para
              negarle, condicionarle ni modificarle los servicios, productos o cursos que solicite o contrate con
              nosotros.
            </strong>
          </p>
          <p>
            El consentimiento para publicar sus fotografías en la galería y en redes sociales nunca se presume: sin su
            autorización expresa y por escrito no publicaremos imágenes suyas. Si la otorgó, puede revocarla en
            cualquier momento por el mismo correo; retiraremos las fotografías de la galería de este sitio y de las
            publicaciones de nuestras cuentas en redes sociales a la brevedad y, a más tardar, dentro de los cinco (5)
            días hábiles siguientes a la recepción de su solicitud. Tenga en cuenta que no nos es posible controlar las
            copias que terceras personas hayan hecho mientras estuvieron publicadas.
          </p>
        </>
      ),
    },
    {
      id: "transferencias",
      title: "Remisiones y transferencias de datos personales",
      content: (
        <>
          <LegalSubheading>Encargados (remisiones)</LegalSubheading>
          <p>
            Para cumplir las finalidades primarias, comunicamos sus datos personales a los siguientes encargados, que
            los tratan a nombre y por cuenta del Estudio, exclusivamente conforme a nuestras instrucciones, sin poder
            utilizarlos para fines propios, y que están obligados contractualmente a guardar confidencialidad y a
            aplicar medidas de seguridad. Estas comunicaciones constituyen remisiones, que no requieren su
            consentimiento:
          </p>
          <ul>
            <li>
              <strong>Proveedor de servicios de pago con tarjeta:</strong> recibe directamente de usted los datos de su
              tarjeta y, de nosotros, el importe y, en su caso, su nombre y correo electrónico, para procesar el cobro,
              autenticar la operación y prevenir fraudes.
            </li>
            <li>
              <strong>Empresas de paquetería y mensajería:</strong> reciben el nombre de quien recibe, el domicilio de
              entrega y el teléfono de contacto, para entregar su pedido.
            </li>
            <li>
              <strong>Proveedores de alojamiento web, almacenamiento en la nube y bases de datos:</strong> en cuyos
              servidores se guarda la información del sitio, incluidas las cuentas, los pedidos, los cursos y las
              fotografías.
            </li>
            <li>
              <strong>Proveedores de servicios de correo electrónico:</strong> para enviarle confirmaciones de compra,
              mensajes para recuperar su contraseña y las demás comunicaciones relacionadas con su cuenta y, si no se ha
              negado, las comunicaciones promocionales.
            </li>
            <li>
              <strong>Proveedor de certificación de CFDI y asesores contables:</strong> para emitir los comprobantes
              fiscales que solicite y llevar nuestra contabilidad.
            </li>
          </ul>
          <p>
            Algunos de estos encargados pueden tener sus servidores fuera del territorio nacional (por ejemplo, en los
            Estados Unidos de América). En ese caso les exigimos que traten sus datos conforme a este Aviso y con un
            nivel de protección equivalente al que establece la Ley.
          </p>

          <LegalSubheading>Transferencias</LegalSubheading>
          <p>
            Sólo transferimos sus datos personales a terceros distintos de los encargados en los siguientes casos, que{" "}
            <strong>no requieren su consentimiento</strong> por encontrarse previstos como excepciones en la Ley:
          </p>
          <ul>
            <li>
              Al Servicio de Administración Tributaria, por medio del proveedor de certificación, la información de los
              comprobantes fiscales que emitamos, en cumplimiento de las disposiciones fiscales.
            </li>
            <li>
              A autoridades administrativas, jurisdiccionales o de procuración de justicia competentes, cuando así lo
              exija una norma jurídica o nos lo requieran mediante mandamiento fundado y motivado.
            </li>
            <li>
              A la Procuraduría Federal del Consumidor o a otra autoridad, cuando sea necesario para atender una queja,
              reclamación o procedimiento, o para el reconocimiento, ejercicio o defensa de un derecho en un proceso
              judicial.
            </li>
            <li>
              A la institución bancaria emisora de su tarjeta, por medio del proveedor de servicios de pago, cuando sea
              necesario para aclarar un cargo, una controversia o un reembolso relacionado con su compra, por tratarse
              de una transferencia necesaria para el cumplimiento de la relación jurídica con usted.
            </li>
          </ul>
          <p>
            El Estudio no vende, renta ni cede sus datos personales a terceros con fines publicitarios o comerciales. Si
            en el futuro fuera necesario realizar una transferencia que requiera su consentimiento, se lo solicitaremos
            previamente, indicándole el destinatario y la finalidad. La publicación de sus fotografías en la galería y
            en redes sociales no es una transferencia, pero, como se indicó, sólo se realiza con su consentimiento
            expreso y por escrito.
          </p>
        </>
      ),
    },
    {
      id: "derechos-arco",
      title: "Derechos de acceso, rectificación, cancelación y oposición (ARCO)",
      content: (
        <>
          <p>Usted tiene derecho a:</p>
          <ul>
            <li>
              <strong>Acceso:</strong> conocer qué datos personales suyos tenemos, para qué los utilizamos y las
              condiciones del tratamiento que les damos.
            </li>
            <li>
              <strong>Rectificación:</strong> solicitar la corrección de sus datos personales cuando estén
              desactualizados, sean inexactos o estén incompletos. Su nombre puede corregirlo usted mismo en la sección
              «Editar perfil» de su cuenta.
            </li>
            <li>
              <strong>Cancelación:</strong> solicitar que eliminemos sus datos personales de nuestros registros o bases
              de datos cuando considere que no se tratan conforme a los principios y deberes que establece la Ley. La
              cancelación da lugar a un periodo de bloqueo, durante el cual los datos sólo se conservan para determinar
              posibles responsabilidades y cumplir obligaciones legales, al término del cual se suprimen. No procede la
              cancelación de los datos que debamos conservar por disposición legal (por ejemplo, la documentación que
              las disposiciones fiscales nos obligan a conservar) ni de los que sean necesarios para cumplir
              obligaciones contraídas con usted.
            </li>
            <li>
              <strong>Oposición:</strong> oponerse al tratamiento de sus datos personales para fines específicos, o
              cuando exista una causa legítima derivada de su situación particular. No procede cuando el tratamiento sea
              necesario para el cumplimiento de una obligación legal a cargo del Estudio.
            </li>
          </ul>
          <p>
            Estos derechos son independientes entre sí: el ejercicio de cualquiera de ellos no es requisito previo ni
            impide el ejercicio de otro.
          </p>
        </>
      ),
    },
    {
      id: "revocacion-consentimiento",
      title: "Revocación del consentimiento",
      content: (
        <>
          <p>
            Usted puede revocar en cualquier momento el consentimiento que nos haya otorgado para el tratamiento de sus
            datos personales, incluido el consentimiento expreso y por escrito para el tratamiento de sus datos
            sensibles y para la publicación de sus fotografías, por el procedimiento descrito en la sección siguiente.
          </p>
          <p>
            La revocación no tiene efectos retroactivos. Tenga en cuenta que no en todos los casos podremos atender su
            solicitud de forma inmediata o concluir el tratamiento por completo, ya que es posible que alguna obligación
            legal nos exija seguir conservando ciertos datos durante el plazo correspondiente. Asimismo, si revoca su
            consentimiento para una finalidad primaria, es posible que no podamos seguir prestándole el servicio de que
            se trate; por ejemplo, sin una cuenta no es posible acceder a los cursos en línea.
          </p>
        </>
      ),
    },
    {
      id: "procedimiento-arco",
      title: "Medios y procedimiento para ejercer sus derechos",
      content: (
        <>
          <p>
            Para ejercer cualquiera de sus derechos ARCO o revocar su consentimiento, envíe su solicitud al correo
            electrónico <PrivacyEmail subject="Solicitud de derechos ARCO" />, o entréguela por escrito en nuestro
            domicilio, en el horario de atención. La solicitud debe contener:
          </p>
          <ol>
            <li>Su nombre completo y un domicilio o correo electrónico para comunicarle la respuesta.</li>
            <li>
              Copia de un documento que acredite su identidad (credencial para votar, pasaporte, cédula profesional u
              otra identificación oficial vigente) y, si actúa por medio de un representante, el documento que acredite
              la representación (carta poder firmada ante dos testigos o instrumento público) y la identificación
              oficial del representante.
            </li>
            <li>
              La descripción clara y precisa de los datos personales respecto de los que desea ejercer alguno de los
              derechos ARCO o revocar su consentimiento, y el derecho que desea ejercer.
            </li>
            <li>
              Cualquier otro elemento o documento que facilite la localización de sus datos personales (por ejemplo, el
              correo de su cuenta, el identificador de su compra o la fecha de su cita).
            </li>
            <li>
              En las solicitudes de rectificación, las modificaciones que solicita y la documentación que las sustente;
              en las de acceso, la modalidad en la que prefiere recibir la información.
            </li>
          </ol>

          <LegalSubheading>Plazos</LegalSubheading>
          <ul>
            <li>
              <strong>Respuesta:</strong> le comunicaremos la determinación adoptada en un plazo máximo de{" "}
              <strong>tres (3) días hábiles</strong>, contados a partir del día siguiente a la recepción de su
              solicitud, por el mismo medio por el que la presentó o por el que nos haya indicado.
            </li>
            <li>
              <strong>Solicitud incompleta:</strong> si la información o los documentos que nos proporcione son
              insuficientes o erróneos para atender su solicitud, o no se acompañan los documentos mencionados, se lo
              haremos saber dentro de ese mismo plazo de tres días hábiles, indicándole qué falta. Usted contará con{" "}
              <strong>cinco (5) días hábiles</strong>, contados a partir del día siguiente a aquel en que reciba nuestro
              requerimiento, para completarla. El plazo para responderle empezará a contar a partir del día siguiente a
              aquel en que atienda el requerimiento. Si no lo atiende en ese plazo, la solicitud se tendrá por no
              presentada, sin perjuicio de que pueda presentar una nueva en cualquier momento.
            </li>
            <li>
              <strong>Efectividad:</strong> si su solicitud resulta procedente, la haremos efectiva dentro de los quince
              (15) días hábiles siguientes a la fecha en que le comuniquemos la respuesta. Cuando las circunstancias del
              caso lo justifiquen, este plazo podrá ampliarse por una sola vez por un periodo igual, lo que le
              informaremos antes de que venza.
            </li>
          </ul>

          <LegalSubheading>Entrega de la información y costos</LegalSubheading>
          <p>
            En las solicitudes de acceso, la información se le entregará por correo electrónico en documentos
            electrónicos o, si así lo pide, en copias simples en nuestro domicilio, previa acreditación de su identidad
            o de la de su representante. El ejercicio de los derechos ARCO y la revocación del consentimiento son
            gratuitos; únicamente podrán cobrarse, en su caso, los gastos justificados de envío o el costo de
            reproducción en copias u otros formatos, en los términos de la Ley.
          </p>

          <LegalSubheading>Causas por las que podemos negar su solicitud</LegalSubheading>
          <p>
            Podremos negar el ejercicio de los derechos ARCO, total o parcialmente, cuando quien lo solicite no sea el
            titular de los datos o su representante no esté debidamente acreditado; cuando sus datos no se encuentren en
            nuestras bases de datos; cuando se lesionen derechos de un tercero; cuando exista un impedimento legal o una
            resolución de autoridad competente que lo restrinja; o cuando la rectificación, cancelación u oposición ya
            se haya realizado. En todo caso le informaremos el motivo de nuestra decisión y, cuando proceda, le
            acompañaremos las pruebas pertinentes.
          </p>
          <p>
            Si no está conforme con nuestra respuesta o no la recibe en los plazos señalados, puede acudir ante la
            autoridad indicada en la sección <a href="#autoridad">«Autoridad competente»</a>.
          </p>
        </>
      ),
    },
    {
      id: "limitar-uso",
      title: "Opciones para limitar el uso o la divulgación de sus datos",
      content: (
        <>
          <p>
            Además del ejercicio de sus derechos ARCO y de la revocación de su consentimiento, usted puede limitar el
            uso o la divulgación de sus datos personales por los siguientes medios:
          </p>
          <ul>
            <li>
              Solicitar su inscripción en nuestro listado de exclusión publicitaria, escribiendo a{" "}
              <PrivacyEmail subject="Listado de exclusión" />. Le confirmaremos su inscripción y, a partir de entonces,
              no le enviaremos comunicaciones promocionales.
            </li>
            <li>
              Utilizar el enlace para dejar de recibir mensajes incluido en cada correo promocional, o pedirnos por el
              mismo medio por el que le escribimos (por ejemplo, WhatsApp) que no le enviemos más mensajes de ese tipo.
            </li>
            <li>
              Inscribirse en el Registro Público para Evitar Publicidad (REPEP) de la Procuraduría Federal del
              Consumidor, para limitar las llamadas y los mensajes publicitarios de los proveedores en general.
            </li>
            <li>
              Revocar la autorización para publicar sus fotografías o pedirnos que desactivemos su página personal de
              visita.
            </li>
            <li>
              Bloquear o eliminar las cookies y el almacenamiento local de su navegador, como se explica en la sección
              siguiente.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "cookies",
      title: "Cookies, almacenamiento local y tecnologías similares",
      content: (
        <>
          <p>
            Las cookies son pequeños archivos de texto que un sitio web guarda en su navegador; el almacenamiento local
            (<em>localStorage</em>) es un espacio similar del navegador que permite a un sitio recordar información
            entre visitas. Este sitio sólo utiliza estas tecnologías con fines técnicos, necesarios para su
            funcionamiento:
          </p>
          <ul>
            <li>
              <strong>Cookie de sesión:</strong> identifica su sesión cuando inicia sesión, para mantenerla abierta
              mientras navega y proteger su cuenta. No puede leerse desde el código de las páginas y se elimina al
              cerrar sesión o cuando la sesión vence.
            </li>
            <li>
              <strong>Cookie del carrito:</strong> guarda el identificador de su carrito de compras para conservar los
              productos que agregó, aun sin haber iniciado sesión. Tiene una vigencia de <strong>siete (7) días</strong>
              , que se renueva cada vez que agrega o modifica productos, y se elimina cuando vacía el carrito.
            </li>
            <li>
              <strong>Cookies técnicas de seguridad</strong>, en su caso, que permiten comprobar que los formularios que
              envía provienen de este sitio y prevenir ataques.
            </li>
            <li>
              <strong>Almacenamiento local del navegador:</strong> guarda el identificador de su carrito; los códigos de
              descuento que aplicó en el carrito (el código y el producto al que corresponde), para conservarlos al
              pasar al pago; el servicio que eligió para filtrar la galería; y un identificador de su usuario, para
              mostrarle el menú de su cuenta. Esta información permanece en su navegador hasta que usted la borre, y se
              elimina en lo que corresponde al cerrar sesión o vaciar el carrito.
            </li>
          </ul>
          <p>
            Por medio de estas tecnologías y de los registros de nuestros servidores obtenemos los siguientes datos:
            identificador de sesión, identificador de carrito, códigos de descuento aplicados, servicio elegido en la
            galería, dirección IP, tipo de navegador y fecha y hora de la visita. Los utilizamos únicamente para las
            finalidades primarias de este Aviso.
          </p>
          <p>
            No utilizamos cookies publicitarias ni de rastreo, ni herramientas de terceros para elaborar perfiles de su
            navegación. Algunas páginas muestran contenido de terceros, como el mapa de nuestra ubicación
            (OpenStreetMap) o el formulario seguro de pago de nuestro proveedor de servicios de pago, que pueden
            utilizar sus propias cookies conforme a sus respectivas políticas de privacidad. Si en el futuro
            incorporamos tecnologías distintas, lo informaremos en esta sección antes de utilizarlas.
          </p>

          <LegalSubheading>Cómo deshabilitarlas</LegalSubheading>
          <p>
            Puede bloquear o eliminar las cookies y el almacenamiento local desde la configuración de su navegador. Las
            rutas pueden variar según la versión:
          </p>
          <ul>
            <li>
              <strong>Google Chrome:</strong> Configuración › Privacidad y seguridad › Cookies de terceros, y
              Configuración › Privacidad y seguridad › Borrar datos de navegación.
            </li>
            <li>
              <strong>Mozilla Firefox:</strong> Ajustes › Privacidad &amp; Seguridad › Cookies y datos del sitio.
            </li>
            <li>
              <strong>Safari:</strong> en Mac, Safari › Ajustes › Privacidad; en iPhone y iPad, Ajustes › Safari ›
              Bloquear todas las cookies y Borrar historial y datos de sitios web.
            </li>
            <li>
              <strong>Microsoft Edge:</strong> Configuración › Cookies y permisos del sitio › Administrar y eliminar
              cookies y datos del sitio.
            </li>
          </ul>
          <p>
            Si bloquea las cookies necesarias o el almacenamiento local, podrá seguir consultando la información del
            sitio, pero no podrá iniciar sesión, conservar su carrito ni completar compras.
          </p>
        </>
      ),
    },
    {
      id: "seguridad",
      title: "Medidas de seguridad",
      content: (
        <>
          <p>
            Hemos adoptado medidas de seguridad administrativas, técnicas y físicas para proteger sus datos personales
            contra daño, pérdida, alteración, destrucción o uso, acceso o tratamiento no autorizado. Entre ellas:
            comunicaciones cifradas mediante el protocolo HTTPS; contraseñas almacenadas con cifrado irreversible;
            acceso restringido a la información al personal que la requiere para sus funciones, bajo deber de
            confidencialidad; códigos de visita únicos y límites de intentos para impedir que se adivinen; y resguardo
            de los expedientes y formatos en papel en un archivo con acceso controlado.
          </p>
          <p>
            Si ocurriera una vulneración de seguridad que afecte de forma significativa sus derechos patrimoniales o
            morales, se lo informaremos sin dilación, por correo electrónico o por el medio de contacto disponible,
            indicándole la naturaleza del incidente, los datos personales comprometidos, las recomendaciones para
            proteger sus intereses, las acciones correctivas que hayamos adoptado y los medios por los que puede obtener
            más información.
          </p>
          <p>
            El Estudio y los encargados que traten sus datos guardarán confidencialidad respecto de ellos, obligación
            que subsistirá aun después de terminada la relación con usted.
          </p>
        </>
      ),
    },
    {
      id: "conservacion",
      title: "Plazo de conservación",
      content: (
        <>
          <p>
            Conservamos sus datos personales sólo durante el tiempo necesario para cumplir las finalidades que
            justificaron su tratamiento y las obligaciones legales aplicables:
          </p>
          <ul>
            <li>Los datos de su cuenta, mientras la cuenta esté activa o hasta que solicite su cancelación.</li>
            <li>
              Los datos de sus compras y los comprobantes fiscales, durante el plazo que establecen las disposiciones
              fiscales (por regla general, cinco años).
            </li>
            <li>
              Su expediente de tratamientos, su consentimiento informado y las fotografías de seguimiento, durante la
              relación con usted y hasta cinco años después de su último servicio, para atender aclaraciones, garantías
              y reclamaciones, salvo que antes solicite su cancelación y ésta resulte procedente.
            </li>
            <li>Las fotografías publicadas en la galería, hasta que revoque su autorización.</li>
            <li>Los datos utilizados para finalidades secundarias, hasta que se niegue o se oponga a ellas.</li>
            <li>
              Los registros técnicos de los servidores, por el tiempo estrictamente necesario para fines de seguridad.
            </li>
          </ul>
          <p>
            Concluidos esos plazos, sus datos se bloquean durante el periodo que exija la ley y, después, se suprimen de
            forma segura.
          </p>
        </>
      ),
    },
    {
      id: "menores-de-edad",
      title: "Datos personales de menores de edad",
      content: (
        <>
          <p>
            Este sitio, la tienda en línea y los cursos están dirigidos a personas mayores de 18 años. No recabamos
            intencionalmente, por medio del sitio, datos personales de menores de edad; si detectamos que una persona
            menor de edad creó una cuenta, la cancelaremos y suprimiremos sus datos.
          </p>
          <p>
            Conforme a la Ley General de Salud, sólo realizamos procedimientos de micropigmentación a personas menores
            de 18 años cuando acuden acompañadas de su madre, padre o tutor, quien debe acreditar tal carácter y otorgar
            su autorización por escrito. En ese caso, los datos personales del menor, incluidos los sensibles, se tratan
            con el consentimiento expreso y por escrito de quien ejerce la patria potestad o la tutela, quien también
            puede ejercer los derechos ARCO en su representación.
          </p>
        </>
      ),
    },
    {
      id: "cambios-aviso",
      title: "Cambios al aviso de privacidad",
      content: (
        <>
          <p>
            Este Aviso puede modificarse por cambios legislativos, por nuevos requerimientos para la prestación de
            nuestros servicios, por cambios en nuestras prácticas de privacidad o en nuestro modelo de negocio, o por
            otras causas.
          </p>
          <p>
            Cualquier modificación se publicará en esta misma página (
            <Link to="/aviso-de-privacidad">/aviso-de-privacidad</Link>), con la fecha de última actualización que
            aparece al inicio del documento. Le recomendamos consultarla periódicamente. Cuando los cambios impliquen
            nuevas finalidades que requieran su consentimiento, o transferencias que lo requieran, se lo solicitaremos
            antes de aplicarlos; si tiene una cuenta en el sitio, además se lo notificaremos al correo electrónico
            registrado.
          </p>
        </>
      ),
    },
    {
      id: "autoridad",
      title: "Autoridad competente",
      content: (
        <>
          <p>
            Si considera que su derecho a la protección de sus datos personales ha sido lesionado por alguna conducta u
            omisión de nuestra parte, o presume alguna violación a la Ley, le invitamos a comunicarse primero con
            nosotros en <PrivacyEmail /> para atenderle. En todo caso, usted puede presentar la solicitud de protección
            de derechos o la denuncia que corresponda ante la <strong>Secretaría Anticorrupción y Buen Gobierno</strong>
            , dependencia del Ejecutivo Federal que, a partir de la entrada en vigor de la Ley el 21 de marzo de 2025,
            asumió las atribuciones en materia de protección de datos personales en posesión de los particulares que
            correspondían al extinto Instituto Nacional de Transparencia, Acceso a la Información y Protección de Datos
            Personales (INAI).
          </p>
          <p>
            Puede consultar más información en el portal de la Secretaría:{" "}
            <a href="https://www.gob.mx/buengobierno" rel="noopener noreferrer" target="_blank">
              www.gob.mx/buengobierno
            </a>
            .
          </p>
        </>
      ),
    },
    {
      id: "consentimiento",
      title: "Consentimiento",
      content: (
        <>
          <p>
            Este Aviso se pone a su disposición antes de que nos proporcione sus datos personales por medio de este
            sitio, en el estudio y en los formularios en los que los recabamos. Si después de conocerlo nos proporciona
            sus datos y no manifiesta su oposición, se entenderá que consiente tácitamente su tratamiento para las
            finalidades primarias y, salvo que se niegue conforme a la sección{" "}
            <a href="#negativa-finalidades-secundarias">«Cómo negarse a las finalidades secundarias»</a>, para las
            secundarias, con excepción de la publicación de fotografías, que siempre requiere su autorización expresa y
            por escrito.
          </p>
          <p>
            Para el tratamiento de sus datos personales sensibles recabaremos, en todos los casos, su consentimiento
            expreso y por escrito, mediante su firma autógrafa o electrónica, en los términos de la sección{" "}
            <a href="#datos-sensibles">«Datos personales sensibles»</a>.
          </p>
        </>
      ),
    },
  ],
};
