import { Link } from "react-router";
import { fullAddress, site } from "~/config/site";
import { type LegalDocumentData, LegalSubheading, MailLink } from "./legal-document";

/**
 * Términos y Condiciones de Uso y Compra. Rendered by /terminos-y-condiciones and by the
 * combined page /terminos-y-privacidad: edit them here only.
 */

/**
 * The agreed forum. Deliberately not derived from `site.address`: a move of the studio must
 * not silently change the jurisdiction clause the users accepted.
 */
const FORUM = "Guadalajara, Jalisco";

const hoursText = site.hours.map((h) => `${h.days}, de ${h.open} a ${h.close}`).join("; ");

const ContactEmail = ({ subject }: { subject?: string }) => <MailLink email={site.email} subject={subject} />;

export const terms: LegalDocumentData = {
  id: "terminos-y-condiciones",
  title: "Términos y Condiciones de Uso y Compra",
  intro: (
    <p>
      Los presentes Términos y Condiciones de Uso y Compra (los «Términos») regulan el acceso y el uso del sitio web de{" "}
      {site.name}, la compra de productos y de cursos en línea, la inscripción a cursos presenciales y la contratación
      de servicios en nuestro estudio. Le pedimos leerlos con atención antes de utilizar el sitio o de realizar
      cualquier compra.
    </p>
  ),
  sections: [
    {
      id: "proveedor",
      title: "Identificación del proveedor",
      content: (
        <>
          <p>
            El sitio y la tienda en línea son operados por <strong>{site.legalName}</strong> (en lo sucesivo, «
            {site.name}», «el Estudio» o «nosotros»), estudio de maquillaje profesional y micropigmentación con
            domicilio en <strong>{fullAddress()}</strong>.
          </p>
          <p>
            Para cualquier duda, aclaración, queja o reclamación puede comunicarse con nosotros por los siguientes
            medios:
          </p>
          <ul>
            <li>
              Correo electrónico: <ContactEmail />
            </li>
            <li>
              Teléfono y WhatsApp: <a href={site.phoneHref}>{site.phone}</a>
            </li>
            <li>Domicilio: el señalado en el párrafo anterior.</li>
            <li>Horario de atención: {hoursText}.</li>
            <li>
              Asuntos de datos personales: <MailLink email={site.privacyEmail} />
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "aceptacion",
      title: "Aceptación de los Términos",
      content: (
        <>
          <p>
            Al navegar por el sitio, crear una cuenta, marcar la casilla «Acepto los Términos y Condiciones» o realizar
            una compra, usted manifiesta su consentimiento con estos Términos. El consentimiento otorgado por medios
            electrónicos produce los mismos efectos que la firma autógrafa, conforme a los artículos 1803 y 1834 bis del
            Código Civil Federal y 89 y siguientes del Código de Comercio. Si no está de acuerdo con estos Términos, le
            pedimos abstenerse de utilizar el sitio y de realizar compras.
          </p>
          <p>
            Antes de pagar, el sitio le pedirá aceptar expresamente estos Términos, y su aceptación quedará registrada
            en su cuenta. Estos Términos se complementan con el{" "}
            <Link to="/aviso-de-privacidad">Aviso de Privacidad</Link> y con las condiciones particulares que se
            publiquen para cada producto, curso, promoción o servicio. En caso de contradicción, prevalecerán las
            condiciones particulares en lo que resulten más favorables para usted.
          </p>
        </>
      ),
    },
    {
      id: "definiciones",
      title: "Definiciones",
      content: (
        <>
          <p>Para efectos de estos Términos se entiende por:</p>
          <ul>
            <li>
              <strong>Sitio:</strong> el sitio web de {site.name}, incluidas su tienda en línea y su plataforma de
              cursos.
            </li>
            <li>
              <strong>Usuario o usted:</strong> toda persona que accede al Sitio o que adquiere productos, cursos o
              servicios del Estudio.
            </li>
            <li>
              <strong>Cuenta:</strong> el registro personal del Usuario en el Sitio, protegido con sus credenciales.
            </li>
            <li>
              <strong>Productos:</strong> los artículos físicos de maquillaje, cuidado y micropigmentación que se
              ofrecen en la tienda en línea.
            </li>
            <li>
              <strong>Cursos en línea:</strong> los cursos con contenido digital (videos, textos, manuales y exámenes) a
              los que se accede por medio de la Cuenta.
            </li>
            <li>
              <strong>Cursos presenciales:</strong> los cursos que se imparten en las instalaciones del Estudio o en el
              lugar que se indique.
            </li>
            <li>
              <strong>Servicios:</strong> los procedimientos de maquillaje profesional y de micropigmentación (cejas,
              labios, camuflaje de estrías y otros) que se realizan en el estudio.
            </li>
            <li>
              <strong>LFPC:</strong> la Ley Federal de Protección al Consumidor.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "edad-minima",
      title: "Edad mínima y capacidad",
      content: (
        <>
          <p>
            Para crear una Cuenta y para comprar productos o cursos en el Sitio es necesario ser{" "}
            <strong>mayor de dieciocho (18) años</strong> y tener capacidad legal para contratar. Al registrarse, usted
            declara, bajo protesta de decir verdad, que es mayor de 18 años y que los datos que proporciona son
            verdaderos.
          </p>
          <p>
            Las personas menores de edad sólo pueden navegar por el Sitio bajo la supervisión de su madre, padre o
            tutor, quienes son responsables de los actos que realicen. Si detectamos que una Cuenta pertenece a una
            persona menor de edad, podremos suspenderla o cancelarla; las compras que se hubieran realizado se atenderán
            conforme a la legislación aplicable.
          </p>
        </>
      ),
    },
    {
      id: "cuenta",
      title: "Cuenta de usuario",
      content: (
        <>
          <p>
            Puede crear su Cuenta con su nombre, correo electrónico y una contraseña, o iniciar sesión con su cuenta de
            Google o de Facebook. Usted se obliga a proporcionar información veraz, completa y actualizada, y a
            mantenerla así; en particular, el nombre de su Cuenta es el que aparecerá en sus diplomas.
          </p>
          <p>
            Su Cuenta es personal e intransferible. Usted es responsable de mantener la confidencialidad de su
            contraseña y de las actividades que se realicen desde su Cuenta, salvo aquellas derivadas de un uso no
            autorizado que nos haya notificado oportunamente o que se deban a una falla de seguridad imputable al
            Estudio. Si sospecha que alguien más conoce su contraseña o ha usado su Cuenta, cámbiela y avísenos de
            inmediato a <ContactEmail subject="Uso no autorizado de mi cuenta" />.
          </p>
          <p>
            Cada persona puede tener una sola Cuenta. Usted puede solicitar en cualquier momento la cancelación de su
            Cuenta; tenga en cuenta que, al cancelarla, perderá el acceso a los cursos en línea asociados a ella.
          </p>
        </>
      ),
    },
    {
      id: "servicios-estudio",
      title: "Servicios en el estudio",
      content: (
        <>
          <LegalSubheading>Citas</LegalSubheading>
          <p>
            Las citas se agendan por WhatsApp, por teléfono o en el estudio. Las condiciones de anticipo, reprogramación
            y cancelación de cada servicio se le informarán por escrito al agendar su cita y en ningún caso podrán
            contravenir la LFPC. Le pedimos llegar puntualmente, para respetar el tiempo de todas las personas que
            atendemos.
          </p>

          <LegalSubheading>Valoración previa y consentimiento informado</LegalSubheading>
          <p>
            Antes de cada procedimiento de micropigmentación realizaremos una valoración y le pediremos completar un
            cuestionario de salud y firmar un consentimiento informado, en el que se le explicarán el procedimiento, sus
            riesgos, sus contraindicaciones y los cuidados posteriores. Usted se obliga a proporcionar información veraz
            y completa: ocultar datos relevantes (por ejemplo, embarazo o lactancia, alergias, medicamentos o
            padecimientos) puede poner en riesgo su salud y afectar el resultado.
          </p>
          <p>
            Si en la valoración identificamos una contraindicación, podremos posponer o no realizar el procedimiento,
            por su seguridad. En ese caso, a su elección, reprogramaremos su cita o le devolveremos el anticipo que
            hubiera pagado.
          </p>
          <p>
            Conforme a la Ley General de Salud, no realizamos micropigmentaciones a personas menores de 18 años, salvo
            que acudan acompañadas de su madre, padre o tutor, quien deberá acreditar tal carácter y otorgar su
            autorización por escrito.
          </p>

          <LegalSubheading>Resultados</LegalSubheading>
          <p>
            La micropigmentación es un procedimiento estético que no sustituye la atención médica. Sus resultados varían
            de una persona a otra según el tipo y el estado de la piel, la edad, el metabolismo, la exposición al sol,
            el uso de medicamentos o de productos cosméticos, los hábitos personales y el cumplimiento de los cuidados
            posteriores. Las fotografías de la galería muestran resultados obtenidos en otras personas: son ilustrativas
            y no garantizan un resultado idéntico. El pigmento se aclara de forma gradual con el tiempo y puede requerir
            retoques, cuyas condiciones se le informarán al agendar.
          </p>
          <p>
            Seguir las indicaciones de cuidado posterior es indispensable para el resultado. Si presenta una reacción
            adversa, comuníquese con nosotros de inmediato y, en su caso, acuda con un médico.
          </p>
          <p>
            La toma y el uso de fotografías del antes y el después se rigen por el{" "}
            <Link to="/aviso-de-privacidad">Aviso de Privacidad</Link> y requieren su consentimiento expreso y por
            escrito.
          </p>
        </>
      ),
    },
    {
      id: "productos",
      title: "Productos de la tienda en línea",
      content: (
        <>
          <p>
            Procuramos que las descripciones, especificaciones e imágenes de los Productos sean exactas. Las imágenes
            son ilustrativas y los colores pueden verse distintos según la pantalla de cada dispositivo. Si el Producto
            que recibe no corresponde a lo ofrecido, tiene los derechos que se describen en las secciones{" "}
            <a href="#reembolsos">«Cargos, devoluciones y reembolsos»</a> y <a href="#garantias">«Garantías»</a>.
          </p>
          <p>
            Los Productos están sujetos a disponibilidad. Un Producto sin existencias se muestra como «Agotado» y no
            puede agregarse al carrito. Si, de forma excepcional, un Producto pagado no pudiera surtirse, se lo
            informaremos de inmediato y usted podrá elegir entre la devolución íntegra de lo pagado por él o su
            sustitución por otro equivalente.
          </p>
          <p>
            Utilice los Productos conforme a las indicaciones de su etiqueta. Antes de aplicar un cosmético por primera
            vez, le recomendamos hacer una prueba de sensibilidad en una zona pequeña de la piel. Los productos
            profesionales de micropigmentación deben ser utilizados únicamente por personas capacitadas y conforme a las
            disposiciones sanitarias aplicables.
          </p>
        </>
      ),
    },
    {
      id: "cursos-en-linea",
      title: "Cursos en línea",
      content: (
        <>
          <LegalSubheading>Acceso personal e intransferible</LegalSubheading>
          <p>
            Al confirmarse el pago, el curso adquirido se habilita en la sección «Mis cursos» de su Cuenta. El acceso es{" "}
            <strong>personal e intransferible</strong>: sólo puede utilizarlo el titular de la Cuenta que lo adquirió.
            Queda prohibido compartir sus credenciales, así como descargar, grabar, capturar, reproducir, distribuir,
            revender, comunicar públicamente o poner a disposición de terceros, total o parcialmente, los videos,
            manuales, exámenes y demás materiales del curso.
          </p>

          <LegalSubheading>Entrega del contenido digital</LegalSubheading>
          <p>
            Los cursos en línea son contenido digital. Para efectos de estos Términos,{" "}
            <strong>
              el curso se considera entregado en el momento en que el acceso queda habilitado en su Cuenta
            </strong>
            , lo que le confirmaremos por correo electrónico. Si por una causa imputable al Estudio el acceso no se
            habilita o el contenido no puede reproducirse, le daremos solución y, si no fuera posible, le reembolsaremos
            lo pagado.
          </p>

          <LegalSubheading>Vigencia del acceso y actualizaciones</LegalSubheading>
          <p>
            El acceso se mantiene mientras el curso esté publicado en el Sitio y su Cuenta esté activa. Si el Estudio
            decide dejar de ofrecer un curso, se lo avisará por correo electrónico con al menos treinta (30) días
            naturales de anticipación, para que pueda concluirlo. Podemos actualizar o mejorar el contenido de los
            cursos, siempre que ello no reduzca sustancialmente lo que usted adquirió.
          </p>
          <p>
            Para tomar los cursos necesita una conexión a internet y un navegador actualizado. El Estudio no es
            responsable de las fallas del equipo o de la conexión del Usuario.
          </p>

          <LegalSubheading>Examen final y diploma</LegalSubheading>
          <p>
            Algunos cursos incluyen un examen final, disponible al terminar la última unidad. Para obtener el diploma es
            necesario obtener en el examen final una <strong>calificación perfecta (100 %)</strong>; si no la obtiene,
            puede presentar el examen nuevamente. En los cursos sin examen, el diploma puede descargarse al concluir la
            última unidad. El diploma se emite con el nombre registrado en su Cuenta, por lo que le pedimos verificar
            que sea correcto.
          </p>
          <p>
            El diploma es una constancia privada de participación expedida por el Estudio.{" "}
            <strong>
              No constituye un título, grado, certificado ni cédula con reconocimiento de validez oficial de estudios
            </strong>
            , ni autoriza por sí mismo el ejercicio de actividades que requieran permisos, licencias o avisos
            sanitarios, cuyo cumplimiento corresponde a cada persona conforme a la Ley General de Salud y a las
            disposiciones locales.
          </p>
          <p>
            El contenido de los cursos es propiedad intelectual del Estudio, conforme a la sección{" "}
            <a href="#propiedad-intelectual">«Propiedad intelectual»</a>. Si se comparte el acceso o se redistribuye el
            contenido en contravención de esta sección, podremos suspender o cancelar el acceso, previo aviso y
            oportunidad de aclarar lo que a su derecho convenga, sin perjuicio de las acciones legales que procedan.
          </p>
        </>
      ),
    },
    {
      id: "cursos-presenciales",
      title: "Cursos presenciales",
      content: (
        <>
          <p>
            La página de cada curso presencial informa sus fechas, horario, duración, requisitos, materiales o kit
            incluidos, prácticas con modelos y periodo de asesoría posterior. Su lugar queda reservado al confirmarse el
            pago, total o del anticipo que se indique.
          </p>
          <p>
            Si por causas de fuerza mayor o ajenas a nuestra voluntad debemos cambiar la fecha, el horario o la sede de
            un curso, se lo informaremos tan pronto como sea posible y usted podrá elegir entre la nueva fecha o la
            devolución de lo pagado. Si el Estudio cancela un curso, le devolverá íntegramente lo pagado.
          </p>
          <p>
            Las ausencias del alumno no dan derecho a reembolso ni a la reposición de clases, salvo en los casos que
            establezca la LFPC; cuando sea posible, le ofreceremos integrarse a otra generación.
          </p>
          <p>
            Las prácticas con modelos se realizan bajo la supervisión del Estudio, que valorará la idoneidad de cada
            modelo. Cada modelo deberá firmar su propio consentimiento informado y cumplir los requisitos de salud del
            procedimiento. Durante el curso, los alumnos deberán observar las normas de higiene y seguridad del Estudio.
          </p>
        </>
      ),
    },
    {
      id: "precios",
      title: "Precios, promociones y facturación",
      content: (
        <>
          <p>
            Los precios se expresan en <strong>pesos mexicanos (MXN)</strong> e{" "}
            <strong>incluyen el Impuesto al Valor Agregado (IVA)</strong>. El costo de envío de los Productos se muestra
            por separado antes de pagar y se suma al total. Se aplicará el precio vigente al momento en que confirme su
            compra; los cambios posteriores de precio no afectan las compras ya realizadas.
          </p>
          <p>
            Los códigos de descuento son válidos únicamente para el producto o curso para el que fueron emitidos, en las
            condiciones y durante la vigencia que se publiquen; el descuento se muestra antes de pagar. Los códigos no
            son canjeables por dinero y no son acumulables, salvo que se indique lo contrario. Las promociones están
            sujetas a las condiciones, vigencia y existencias que se informen en cada caso.
          </p>
          <p>
            Si requiere un Comprobante Fiscal Digital por Internet (CFDI), solicítelo a{" "}
            <ContactEmail subject="Solicitud de factura" /> dentro del mes calendario en que realizó su compra, con el
            identificador de la compra, su RFC, nombre o razón social, código postal del domicilio fiscal, régimen
            fiscal y uso del CFDI. El comprobante se emitirá con los datos que usted proporcione.
          </p>
        </>
      ),
    },
    {
      id: "pagos",
      title: "Pagos con tarjeta",
      content: (
        <>
          <p>
            Los pagos en el Sitio se realizan con tarjeta de crédito o de débito por medio de un proveedor de servicios
            de pago. Los datos de su tarjeta se capturan directamente en el formulario seguro de dicho proveedor; el
            Estudio no los recibe ni los almacena. Su banco puede solicitarle una autenticación adicional para autorizar
            el cargo.
          </p>
          <p>
            La compra se perfecciona cuando el proveedor confirma la autorización del cargo. En ese momento el Sitio le
            muestra el mensaje de compra exitosa con el identificador de su compra y le enviamos una confirmación por
            correo electrónico con el detalle de lo adquirido. Le recomendamos conservar ese identificador. Si el cargo
            es rechazado, la compra no se realiza; en ese caso, consulte a su banco.
          </p>
          <p>
            Para su protección, podremos retener o cancelar una operación que presente indicios razonables de fraude; si
            se hubiera efectuado algún cargo, se le devolverá íntegramente.
          </p>
        </>
      ),
    },
    {
      id: "envios",
      title: "Envíos",
      content: (
        <>
          <p>
            Realizamos envíos de Productos <strong>únicamente dentro de la República Mexicana</strong>, por medio de
            empresas de paquetería, en la modalidad «Envío Express». El costo de envío se calcula según el peso total
            del pedido y el número de artículos, y se le muestra antes de pagar. Los cursos en línea no requieren envío.
          </p>
          <p>
            Preparamos su pedido una vez confirmado el pago. Al enviarlo le informaremos el número de guía y el plazo
            estimado de entrega, que depende del destino y de la paquetería; las entregas en zonas extendidas o de
            difícil acceso pueden tardar más.
          </p>
          <p>
            Usted es responsable de proporcionar un domicilio de entrega correcto y completo. Si el paquete se devuelve
            por un domicilio incorrecto o incompleto, o porque nadie lo recibió después de los intentos de entrega de la
            paquetería, el nuevo envío correrá por su cuenta; si prefiere no recibirlo, le devolveremos el precio de los
            Productos, descontando los costos de envío efectivamente erogados.
          </p>
          <p>
            Al recibir su pedido, revise el empaque y los Productos. Si presentan daños o faltantes, le pedimos
            informarnos cuanto antes, de preferencia dentro de las 48 horas siguientes a la entrega, con fotografías del
            empaque y de su contenido; esta recomendación no limita sus derechos de garantía.
          </p>
          <p>
            Si su pedido no le es entregado en el plazo informado por causas que no le sean imputables, podrá elegir
            entre que se lo enviemos de nuevo sin costo o la devolución íntegra de lo pagado, incluido el envío.
          </p>
        </>
      ),
    },
    {
      id: "reembolsos",
      title: "Cargos, devoluciones y reembolsos",
      content: (
        <>
          <p>
            Como regla general, los cargos realizados con tarjeta por compras en el Sitio no son reembolsables,{" "}
            <strong>
              salvo en los casos que la Ley Federal de Protección al Consumidor y las demás disposiciones aplicables
              establezcan a favor del consumidor
            </strong>
            . En consecuencia, procederán la reposición, la devolución de lo pagado, la reparación o la bonificación,
            según corresponda y a su elección cuando la ley se la otorgue, entre otros casos, cuando:
          </p>
          <ol>
            <li>
              el Producto tenga defectos o vicios ocultos, no corresponda a la calidad, marca, especificaciones o demás
              características ofrecidas, o llegue dañado;
            </li>
            <li>
              el Producto no le sea entregado, o el curso o servicio no se le habilite o no se le preste, en los
              términos y plazos ofrecidos;
            </li>
            <li>
              exista un cobro duplicado, un cobro por un importe distinto del aceptado o un cargo que usted no
              reconozca;
            </li>
            <li>
              ejerza el derecho de revocación conforme a la sección{" "}
              <a href="#revocacion-compra">«Derecho de revocación»</a> de estos Términos;
            </li>
            <li>
              haga valer una garantía conforme a la sección <a href="#garantias">«Garantías»</a> de estos Términos; o
            </li>
            <li>se presente cualquier otro supuesto previsto por la LFPC.</li>
          </ol>
          <p>
            Ninguna disposición de estos Términos implica la renuncia a los derechos que la LFPC otorga a los
            consumidores, los cuales son irrenunciables, ni excluye la bonificación o compensación que, en su caso,
            establezca dicha ley.
          </p>
          <p>
            <strong>Cargos no reconocidos.</strong> Si identifica en su estado de cuenta un cargo que no reconoce, le
            pedimos avisarnos para aclararlo. En todo caso, usted conserva su derecho de objetarlo ante el banco emisor
            de su tarjeta conforme a la normativa financiera aplicable.
          </p>
          <LegalSubheading>Cómo solicitar un reembolso, una reposición o una bonificación</LegalSubheading>
          <p>
            Escríbanos a <ContactEmail subject="Aclaración de compra" /> indicando el identificador de su compra, el
            Producto, curso o servicio de que se trate, la descripción del problema y, si corresponde, fotografías. Le
            responderemos dentro de los cinco (5) días hábiles siguientes a la recepción de su solicitud. Cuando deba
            devolvernos un Producto defectuoso o que no corresponda a lo ofrecido, le indicaremos cómo hacerlo y el
            costo del envío correrá a cargo del Estudio.
          </p>
          <p>
            Los reembolsos procedentes se realizan al mismo medio de pago utilizado en la compra, dentro de los diez
            (10) días hábiles siguientes a que se determine su procedencia o, en su caso, a que recibamos el Producto
            devuelto. El tiempo en que el abono se refleje en su estado de cuenta depende de su banco.
          </p>
        </>
      ),
    },
    {
      id: "revocacion-compra",
      title: "Derecho de revocación",
      content: (
        <>
          <p>
            Tratándose de compras realizadas a distancia por medio del Sitio, y en los casos en que resulte aplicable el
            artículo 56 de la LFPC, usted puede revocar su consentimiento sin responsabilidad alguna dentro de los{" "}
            <strong>cinco (5) días hábiles</strong> siguientes a la entrega del Producto o a la contratación, lo último
            que suceda.
          </p>
          <p>
            Para ejercerlo, envíenos un aviso a <ContactEmail subject="Revocación de compra" /> o por cualquier otro
            medio fehaciente dentro de ese plazo, indicando el identificador de su compra. La revocación deja sin efecto
            la operación y le reintegraremos el precio pagado en los términos de la sección anterior.
          </p>
          <ul>
            <li>
              <strong>Productos:</strong> deberá devolverlos en el mismo estado en que los recibió, sin uso, con sus
              empaques y, tratándose de productos cosméticos o de aplicación en la piel, con sus sellos de seguridad
              intactos, por razones de higiene y salud. Conforme a la LFPC, los costos de flete y seguro de la
              devolución corren a cargo del consumidor.
            </li>
            <li>
              <strong>Cursos en línea:</strong> si ejerce la revocación dentro del plazo, daremos de baja el acceso al
              curso y le reintegraremos el precio pagado.
            </li>
            <li>
              <strong>Cursos presenciales y servicios:</strong> conforme a la LFPC, la revocación no es aplicable cuando
              la fecha de inicio del curso o de prestación del servicio se encuentre a diez (10) días hábiles o menos de
              la fecha de la compra.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "garantias",
      title: "Garantías",
      content: (
        <>
          <p>
            Los Productos cuentan con la garantía que otorgue su fabricante o importador y, en todo caso, con la
            garantía que establece la LFPC frente a defectos, vicios ocultos o la falta de correspondencia con lo
            ofrecido. Para hacerla valer, siga el procedimiento de la sección{" "}
            <a href="#reembolsos">«Cargos, devoluciones y reembolsos»</a>.
          </p>
          <p>
            El Estudio responde de que sus Servicios y cursos se presten conforme a lo ofrecido, con la higiene, la
            técnica profesional y la calidad debidas. Si considera que un Servicio no se prestó conforme a lo pactado,
            comuníquese con nosotros para valorar su caso; según corresponda, realizaremos sin costo las correcciones
            necesarias o procederemos conforme a la LFPC.
          </p>
          <p>
            La garantía no cubre los daños causados por el uso indebido de los Productos, su almacenamiento inadecuado o
            el incumplimiento de sus instrucciones, ni las variaciones propias de cada persona en el resultado de un
            Servicio, el aclaramiento natural del pigmento o las consecuencias de no seguir los cuidados posteriores
            indicados, sin perjuicio de los derechos que la ley le otorgue.
          </p>
        </>
      ),
    },
    {
      id: "resenas",
      title: "Reseñas y contenido de los usuarios",
      content: (
        <>
          <p>
            Los Usuarios con sesión iniciada pueden publicar reseñas y calificaciones de uno a cinco de los Productos y
            cursos. Las reseñas se publican con el nombre del Usuario y la fecha. Cada Usuario es responsable de lo que
            publica, que debe ser veraz y basarse en su experiencia real.
          </p>
          <p>
            No se permite publicar contenido ofensivo, discriminatorio, difamatorio, ilícito, con datos personales de
            terceros, con publicidad o que no guarde relación con el Producto o curso. El Estudio podrá retirar el
            contenido que infrinja esta sección; no retirará una reseña por el solo hecho de ser desfavorable.
          </p>
          <p>
            Al publicar una reseña, usted otorga al Estudio una licencia gratuita, no exclusiva y por el tiempo que la
            reseña permanezca publicada para mostrarla en el Sitio. Puede pedirnos en cualquier momento que la
            retiremos.
          </p>
        </>
      ),
    },
    {
      id: "uso-del-sitio",
      title: "Uso permitido del Sitio",
      content: (
        <>
          <p>
            Usted se obliga a utilizar el Sitio conforme a la ley, a estos Términos y a la buena fe. Queda prohibido, en
            particular:
          </p>
          <ul>
            <li>acceder o intentar acceder a Cuentas ajenas o a áreas restringidas del Sitio;</li>
            <li>utilizar o intentar adivinar códigos de visita que no le pertenezcan;</li>
            <li>vulnerar o intentar vulnerar las medidas de seguridad del Sitio, o introducir programas maliciosos;</li>
            <li>
              extraer contenido o datos del Sitio por medios automatizados, o sobrecargar o interferir su
              funcionamiento;
            </li>
            <li>suplantar la identidad de otra persona o proporcionar información falsa; y</li>
            <li>utilizar el Sitio o su contenido con fines comerciales no autorizados por el Estudio.</li>
          </ul>
          <p>
            Procuramos que el Sitio esté disponible de forma continua, pero puede interrumpirse por mantenimiento,
            actualizaciones o causas ajenas a nosotros. El Sitio contiene enlaces a servicios de terceros (por ejemplo,
            redes sociales, WhatsApp o mapas), cuyo contenido y políticas no controlamos.
          </p>
        </>
      ),
    },
    {
      id: "propiedad-intelectual",
      title: "Propiedad intelectual",
      content: (
        <>
          <p>
            La marca y el nombre comercial «{site.name}», los logotipos, los textos, las fotografías, los videos, el
            diseño del Sitio y de los diplomas, el software y, en especial, los cursos con sus videos, manuales y
            exámenes, son propiedad del Estudio o se utilizan con autorización de sus titulares, y están protegidos por
            la Ley Federal del Derecho de Autor, la Ley Federal de Protección a la Propiedad Industrial y los tratados
            internacionales aplicables.
          </p>
          <p>
            La compra de un curso le otorga únicamente una licencia limitada, personal, no exclusiva, intransferible y
            revocable en los supuestos de estos Términos para ver su contenido con fines de aprendizaje personal. No le
            transmite la propiedad del contenido ni le autoriza a reproducirlo, distribuirlo, comunicarlo públicamente,
            transformarlo o utilizarlo para impartir sus propios cursos. Lo anterior no le impide aplicar en su práctica
            profesional las técnicas y los conocimientos aprendidos.
          </p>
          <p>
            Ninguna disposición de estos Términos le concede licencia alguna sobre las marcas o el contenido del Sitio
            fuera de lo expresamente previsto. Si considera que algún contenido del Sitio infringe sus derechos,
            escríbanos a <ContactEmail subject="Propiedad intelectual" />.
          </p>
        </>
      ),
    },
    {
      id: "responsabilidad",
      title: "Limitación de responsabilidad",
      content: (
        <>
          <p>
            En la medida en que la legislación aplicable lo permita, la responsabilidad total del Estudio frente al
            Usuario por cualquier reclamación relacionada con un Producto, curso o Servicio{" "}
            <strong>
              se limitará al monto efectivamente pagado por el Usuario por el Producto, curso o Servicio de que se trate
            </strong>
            .
          </p>
          <p>Esta limitación no aplica ni restringe:</p>
          <ol>
            <li>
              los derechos irrenunciables del consumidor conforme a la LFPC, incluidas la reposición, la devolución, la
              bonificación y la compensación que dicha ley establece;
            </li>
            <li>la responsabilidad derivada de dolo, mala fe o negligencia grave;</li>
            <li>
              la responsabilidad por daños a la vida, la salud o la integridad física causados por actos u omisiones
              imputables al Estudio; ni
            </li>
            <li>cualquier otro caso en que la ley prohíba limitarla.</li>
          </ol>
          <p>
            El Estudio no será responsable de los daños derivados de caso fortuito o fuerza mayor; de las fallas del
            equipo, del software o de la conexión a internet del Usuario; del uso indebido de los Productos o de su
            aplicación por personas no capacitadas; de la información falsa u omitida por el Usuario en su valoración o
            cuestionario de salud; del incumplimiento de los cuidados posteriores indicados; del uso de sus credenciales
            o de su código de visita por terceros a quienes el Usuario los haya dado a conocer; ni del contenido de
            sitios de terceros. Lo anterior, sin perjuicio de nuestras obligaciones de entregarle lo adquirido y de
            responder por lo que nos sea imputable.
          </p>
        </>
      ),
    },
    {
      id: "suspension-cuenta",
      title: "Suspensión y cancelación de la Cuenta",
      content: (
        <>
          <p>
            El Estudio podrá suspender o cancelar la Cuenta del Usuario que incumpla estos Términos; que haya
            proporcionado información falsa, incluida la relativa a su edad; que realice o intente realizar operaciones
            fraudulentas; que comparta el acceso a los cursos o redistribuya su contenido; o que publique contenido
            prohibido. Salvo en casos urgentes de seguridad o de fraude, antes de hacerlo le informaremos el motivo y le
            daremos la oportunidad de aclarar su situación.
          </p>
          <p>
            Usted puede cancelar su Cuenta en cualquier momento escribiendo a{" "}
            <MailLink email={site.privacyEmail} subject="Cancelación de cuenta" />. Conservaremos los registros de sus
            compras durante los plazos que exige la ley, conforme al{" "}
            <Link to="/aviso-de-privacidad">Aviso de Privacidad</Link>.
          </p>
        </>
      ),
    },
    {
      id: "datos-personales",
      title: "Protección de datos personales",
      content: (
        <p>
          El tratamiento de los datos personales que nos proporcione se rige por nuestro{" "}
          <Link to="/aviso-de-privacidad">Aviso de Privacidad</Link>, emitido conforme a la Ley Federal de Protección de
          Datos Personales en Posesión de los Particulares, en el que se explican los datos que recabamos, sus
          finalidades, sus transferencias y la forma de ejercer sus derechos de acceso, rectificación, cancelación y
          oposición.
        </p>
      ),
    },
    {
      id: "modificaciones-terminos",
      title: "Modificaciones a los Términos",
      content: (
        <>
          <p>
            El Estudio podrá modificar estos Términos. Las modificaciones se publicarán en esta misma página (
            <Link to="/terminos-y-condiciones">/terminos-y-condiciones</Link>), con la fecha de última actualización que
            aparece al inicio del documento, y serán aplicables a partir de su publicación.
          </p>
          <p>
            Cada compra se rige por los Términos vigentes en el momento en que se realizó. Cuando las modificaciones
            sean relevantes, se las notificaremos a los Usuarios registrados por correo electrónico y podremos pedirles
            que las acepten antes de su siguiente compra. Si no está de acuerdo con las modificaciones, puede dejar de
            utilizar el Sitio y solicitar la cancelación de su Cuenta.
          </p>
        </>
      ),
    },
    {
      id: "quejas",
      title: "Quejas y Procuraduría Federal del Consumidor",
      content: (
        <>
          <p>
            Si tiene una queja o reclamación, le invitamos a comunicarse primero con nosotros por los medios señalados
            en la sección <a href="#proveedor">«Identificación del proveedor»</a>; haremos todo lo posible por darle una
            solución satisfactoria.
          </p>
          <p>
            En cualquier momento, usted puede presentar su queja ante la{" "}
            <strong>Procuraduría Federal del Consumidor (PROFECO)</strong>, incluso por medio de su servicio de
            conciliación en línea (Concilianet), en su Teléfono del Consumidor, 55 5568 8722 o 800 468 8722, o en su
            portal{" "}
            <a href="https://www.gob.mx/profeco" rel="noopener noreferrer" target="_blank">
              www.gob.mx/profeco
            </a>
            .
          </p>
        </>
      ),
    },
    {
      id: "jurisdiccion",
      title: "Legislación aplicable y jurisdicción",
      content: (
        <>
          <p>
            Estos Términos se rigen por las leyes federales de los Estados Unidos Mexicanos, en particular por la Ley
            Federal de Protección al Consumidor, el Código de Comercio y, de forma supletoria, el Código Civil Federal.
          </p>
          <p>
            Para la interpretación y el cumplimiento de estos Términos, así como para cualquier controversia derivada de
            ellos, las partes se someten a la jurisdicción de los tribunales competentes de la ciudad de {FORUM}, y
            renuncian expresamente a cualquier otro fuero que pudiera corresponderles por razón de su domicilio presente
            o futuro o por cualquier otra causa. Lo anterior, sin perjuicio del derecho del consumidor de acudir en
            cualquier momento ante la Procuraduría Federal del Consumidor, en la vía administrativa, conforme a la LFPC.
          </p>
        </>
      ),
    },
    {
      id: "disposiciones-generales",
      title: "Disposiciones generales",
      content: (
        <>
          <p>
            Si alguna disposición de estos Términos se declarara nula o inválida, las demás conservarán su validez. El
            hecho de que el Estudio no ejerza alguno de los derechos previstos en estos Términos no implica su renuncia.
            Los títulos de las secciones son meramente indicativos.
          </p>
          <p>
            Las comunicaciones relacionadas con sus compras y su Cuenta se le enviarán al correo electrónico registrado.
            Estos Términos se redactan en español; en caso de que se pongan a su disposición en otro idioma, prevalecerá
            la versión en español.
          </p>
        </>
      ),
    },
  ],
};
